/**
 * Two runtime patches of fontkit 2.0.4, each a call.
 *
 * The first: its GPOS mark positioning reads an anchor's coordinates without
 * checking that the font gave one, but OpenType allows a NULL anchor offset ("no anchor for this glyph
 * in this lookup"), and Google's build of Noto Sans Malayalam (the one on npm, Fontsource's and
 * others') has them. Shaping then threw `Cannot read properties of null (reading 'xCoordinate')` on any
 * word ending in a virama: "കൃഷ്ണൻ", "ജോസ്", so a guest named so got no receipt (foliojs/fontkit#367; the
 * fix proposed upstream, foliojs/fontkit#374, skips the attachment as HarfBuzz does, and so does this).
 * fontkit exports none of its classes: the processor's prototype is reached through a font's layout
 * engine, once a process. Harmless once upstream mends it (the guard is then never met).
 */
type AnchorProcessor = {
  applyAnchor(markRecord: { markAnchor?: unknown } | null, baseAnchor: unknown, baseGlyphIndex: number): void;
};

const patched = Symbol.for('kayal.fontkit-null-anchors');

/** Makes fontkit skip a mark attachment whose anchor is NULL, as HarfBuzz does. `font` is any parsed face. */
export function skipNullAnchors(font: unknown): void {
  const engine = (font as { _layoutEngine?: { engine?: { GPOSProcessor?: AnchorProcessor | null } } })
    ._layoutEngine?.engine;
  const processor = engine?.GPOSProcessor;
  if (!processor) return;
  const prototype = Object.getPrototypeOf(processor) as AnchorProcessor & { [patched]?: true };
  if (prototype[patched]) return;
  const applyAnchor = prototype.applyAnchor;
  prototype.applyAnchor = function (markRecord, baseAnchor, baseGlyphIndex) {
    if (!baseAnchor || !markRecord?.markAnchor) return;
    applyAnchor.call(this, markRecord, baseAnchor, baseGlyphIndex);
  };
  prototype[patched] = true;
}

/**
 * Forgets the glyphs `font` has made. fontkit keeps each glyph it makes with the characters it was first
 * made for, and PDFKit writes those into a document's text layer: where shaping reaches one glyph from
 * two characters (Noto Arabic draws ئ as the glyph of ي with a hamza), every later document of the
 * process read back the first one's character ("مريم" came back with a hamza after an ئ elsewhere). A
 * document that starts with a fresh memory reads back as it would in a process of its own. Its cost is
 * each glyph's outline made again once a document. A document still being written keeps the glyphs it
 * already holds.
 */
export function forgetGlyphs(font: unknown): void {
  const glyphs = font as { _glyphs?: Record<number, unknown> };
  if (glyphs._glyphs) glyphs._glyphs = {};
}
