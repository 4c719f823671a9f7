// zod's mini build: the same parser as the API's `zod` with functions in place of methods, a tenth of the size.
import { z } from 'zod/mini'

// The Content-Security-Policy allows no eval, and zod would try `Function('')` once to learn whether it may compile
// its parsers (the browser reports the refusal). The app's schemas are small: no compiling. Every schema the browser
// runs takes `z` from here, so the setting holds before the first parse.
z.config({ jitless: true })

export { z }
