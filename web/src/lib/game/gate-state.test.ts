import { describe, expect, it } from 'vitest'
import { type GateInput, gateState } from './gate-state'

const answered = { error: null, data: 1 }
const ready: GateInput = { needsWallet: true, connected: true, supportedChain: true, deployed: true, reads: [answered] }

describe('gateState', () => {
  it('is ready once every read has answered', () => {
    expect(gateState(ready)).toBe('ready')
    expect(gateState({ ...ready, reads: [] })).toBe('ready')
  })

  it('asks for a wallet only where the content needs one', () => {
    expect(gateState({ ...ready, connected: false, supportedChain: false })).toBe('connect')
    expect(gateState({ ...ready, needsWallet: false, connected: false, supportedChain: false })).toBe('ready')
  })

  it('names a wallet on an unsupported network before anything it cannot read', () => {
    expect(gateState({ ...ready, supportedChain: false, deployed: false })).toBe('wrong-chain')
    // A visitor's page reads the default network whatever the wallet is on.
    expect(gateState({ ...ready, needsWallet: false, supportedChain: false })).toBe('ready')
  })

  it('says the game is not deployed rather than wait for reads that never start', () => {
    const never = { error: null, data: undefined }
    expect(gateState({ ...ready, deployed: false, reads: [never] })).toBe('not-deployed')
    expect(gateState({ ...ready, needsWallet: false, connected: false, deployed: false, reads: [never] })).toBe(
      'not-deployed',
    )
  })

  it('says the chain did not answer when any read failed, even while others are under way', () => {
    const failed = { error: new Error('down'), data: undefined }
    expect(gateState({ ...ready, reads: [answered, failed, { error: null, data: undefined }] })).toBe('silent')
  })

  it('says the chain is busy instead when its provider has just asked to slow down, and only when a read failed', () => {
    const failed = { error: new Error('429'), data: undefined }
    expect(gateState({ ...ready, reads: [answered, failed], busy: true })).toBe('busy')
    expect(gateState({ ...ready, reads: [answered], busy: true })).toBe('ready')
    expect(gateState({ ...ready, deployed: false, reads: [failed], busy: true })).toBe('not-deployed')
  })

  it('waits while any read is under way', () => {
    expect(gateState({ ...ready, reads: [answered, { error: null, data: undefined }] })).toBe('loading')
    // An answer of nothing (no skies) is an answer.
    expect(gateState({ ...ready, reads: [{ error: null, data: null }] })).toBe('ready')
  })
})
