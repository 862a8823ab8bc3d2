import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';
import type { ViewerPicture } from '../../features/gallery/GalleryViewer.tsx';

/** Rendition widths for the full-screen viewer: a phone takes a narrow one, a large screen the widest. */
const viewerWidths = [640, 960, 1280, 1920, 2560];

/** A picture for the gallery's viewer, and `href`, the file its link opens when JavaScript is off. */
export type GalleryPicture = ViewerPicture & { href: string };

/**
 * A picture at the sizes the full-screen viewer needs: SVG artwork is its one file at every size; a
 * photograph gets AVIF and WebP renditions up to its own width (the browser takes the one the screen
 * needs, so a phone never downloads the desktop's), and, for the link, its largest WebP.
 */
export async function renderGalleryPicture(src: ImageMetadata, alt: string): Promise<GalleryPicture> {
  const { width, height } = src;
  if (src.format === 'svg') return { src: src.src, href: src.src, width, height, alt, sources: [] };
  const fitting = viewerWidths.filter((candidate) => candidate <= width);
  const widths = fitting.length > 0 ? fitting : [width];
  const [avif, webp, full] = await Promise.all([
    getImage({ src, format: 'avif', widths, sizes: '100vw' }),
    getImage({ src, format: 'webp', widths, sizes: '100vw' }),
    getImage({ src, format: 'webp', width: Math.min(width, Math.max(...viewerWidths)) }),
  ]);
  return {
    src: webp.src,
    srcSet: webp.srcSet.attribute,
    href: full.src,
    width,
    height,
    alt,
    sources: [
      { type: 'image/avif', srcSet: avif.srcSet.attribute },
      { type: 'image/webp', srcSet: webp.srcSet.attribute },
    ],
  };
}
