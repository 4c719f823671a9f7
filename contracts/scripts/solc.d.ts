// solc-js ships no types; this is the one entry point the compile script uses.
declare module 'solc' {
  const solc: {
    compile(input: string, callbacks?: { import: (path: string) => { contents: string } | { error: string } }): string
    version(): string
  }
  export default solc
}
