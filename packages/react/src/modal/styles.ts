import type { CSSProperties } from 'react'
import type { SatchelAppearance } from '../react/context'

/** The theme as CSS variables; an app can override any of them on `.satchel-backdrop` in its own CSS. */
export function themeStyle(appearance: SatchelAppearance = {}): CSSProperties {
  const dark = appearance.theme === 'dark'
  return {
    '--satchel-accent': appearance.accentColor ?? '#4f46e5',
    '--satchel-bg': dark ? '#18181b' : '#ffffff',
    '--satchel-fg': dark ? '#fafafa' : '#18181b',
    '--satchel-muted': dark ? '#a1a1aa' : '#52525b',
    '--satchel-border': dark ? '#3f3f46' : '#d4d4d8',
    '--satchel-error': dark ? '#f87171' : '#b91c1c',
  } as CSSProperties
}

// One stylesheet, class names prefixed `satchel-` (block__element), injected with the modal's chunk.
export const css = `
.satchel-backdrop{position:fixed;inset:0;z-index:2147483000;display:grid;place-items:center;background:rgba(0,0,0,.45);font-family:var(--satchel-font,system-ui,sans-serif)}
.satchel-dialog{box-sizing:border-box;width:min(400px,calc(100vw - 32px));max-height:calc(100vh - 32px);overflow:auto;padding:24px;border-radius:var(--satchel-radius,16px);background:var(--satchel-bg);color:var(--satchel-fg);box-shadow:0 20px 50px rgba(0,0,0,.3)}
.satchel-dialog:focus{outline:none}
.satchel-dialog__header{display:flex;align-items:center;justify-content:space-between;margin-bottom:16px}
.satchel-dialog__title{margin:0;font-size:18px;font-weight:600}
.satchel-dialog__close{border:0;background:none;color:var(--satchel-muted);font-size:24px;line-height:1;cursor:pointer;padding:4px 8px;border-radius:8px}
.satchel-logo{display:block;max-height:48px;margin:0 auto 16px}
.satchel-form{display:grid;gap:10px;margin:0 0 12px}
.satchel-label{font-size:13px;color:var(--satchel-muted)}
.satchel-input,.satchel-select{box-sizing:border-box;width:100%;padding:10px 12px;border:1px solid var(--satchel-border);border-radius:10px;background:transparent;color:inherit;font:inherit}
.satchel-row{display:flex;gap:8px}
.satchel-row .satchel-select{width:auto;max-width:45%}
.satchel-button{padding:10px 14px;border-radius:10px;border:1px solid var(--satchel-border);background:transparent;color:inherit;font:inherit;cursor:pointer}
.satchel-button--primary{background:var(--satchel-accent);border-color:var(--satchel-accent);color:#fff}
.satchel-button:disabled{opacity:.6;cursor:progress}
.satchel-button:focus-visible,.satchel-input:focus-visible,.satchel-select:focus-visible,.satchel-dialog__close:focus-visible{outline:2px solid var(--satchel-accent);outline-offset:2px}
.satchel-methods{display:grid;gap:8px}
.satchel-divider{text-align:center;color:var(--satchel-muted);font-size:13px;margin:4px 0}
.satchel-status{color:var(--satchel-muted);font-size:14px;margin:8px 0}
.satchel-error{color:var(--satchel-error);font-size:14px;margin:8px 0}
.satchel-link{border:0;background:none;color:var(--satchel-accent);cursor:pointer;padding:0;font:inherit;font-size:14px}
.satchel-wallets{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.satchel-wallet{display:flex;align-items:center;gap:10px;width:100%;text-align:left}
.satchel-wallet__icon{width:24px;height:24px;border-radius:6px}
.satchel-empty{margin:8px 0}
.satchel-empty p{margin:0 0 6px}
`
