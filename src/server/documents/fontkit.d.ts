// fontkit ships no types; this is the one call script-fonts.ts makes of it.
declare module 'fontkit' {
  /** Parses a TrueType or OpenType font file (a collection's first font). */
  export function create(data: Uint8Array): object;
}
