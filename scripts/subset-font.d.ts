// The one call of subset-font (harfbuzz's hb-subset in wasm) that scripts/fonts-subset.ts makes; the
// package ships no types.
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2' },
  ): Promise<Buffer>
}
