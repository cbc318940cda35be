#!/usr/bin/env node
// Runs the TypeScript sources directly (no build step for a self-hosted server).
import { register } from 'tsx/esm/api'

register()
await import('../src/cli.ts')
