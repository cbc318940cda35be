import { useState } from 'react'
import { createRoot } from 'react-dom/client'

// The baseline: the same button with React alone.
function LoginButton() {
  const [clicked, setClicked] = useState(false)
  return (
    <button type="button" onClick={() => setClicked(true)}>
      {clicked ? 'Signed in' : 'Log in'}
    </button>
  )
}

const root = document.getElementById('root')
if (root) createRoot(root).render(<LoginButton />)
