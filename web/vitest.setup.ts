import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Pages load lazily: the first visit to each transforms its module graph, which can take over a second on a busy machine.
configure({ asyncUtilTimeout: 5000 })

// jsdom does not scroll; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => {}

afterEach(() => cleanup())
