import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// jsdom does not scroll; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => {}

afterEach(() => cleanup())
