import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type TouchEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { describePicture, stepForKey, stepForSwipe, stepPicture } from './gallery-state.ts';

/** A picture as the viewer draws it, full screen: produced by astro:assets at build time. */
export type ViewerPicture = {
  src: string;
  /** Renditions for the browser to choose from by the screen's width; absent for SVG artwork. */
  srcSet?: string | undefined;
  width: number;
  height: number;
  alt: string;
  /** One `<source>` per modern format, best first. */
  sources: { type: string; srcSet: string }[];
};

type Props = {
  /** Names the viewer for screen readers, e.g. "Photographs of Kovalam Cliff Villa". */
  label: string;
  pictures: ViewerPicture[];
  /**
   * The gallery as the server drew it: one link per picture, `data-picture` its index, to the full-size
   * file, so a picture still opens without JavaScript.
   */
  children: ReactNode;
};

/**
 * A property's pictures, each opening full screen in a modal `<dialog>` (which traps focus and closes
 * on Escape): previous and next by buttons, arrow keys and swipes; focus returns to the picture that
 * opened it. Nothing of the viewer downloads until a picture is opened, and then only the rendition the
 * screen needs.
 */
export default function GalleryViewer({ label, pictures, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const [current, setCurrent] = useState<number | null>(null);
  const descriptionId = useId();
  const count = pictures.length;
  const picture = current === null ? undefined : pictures[current];

  useEffect(() => {
    if (current === null || dialog.current?.open) return;
    dialog.current?.showModal();
    // Where Escape and Enter both do what a person expects, and the first thing a screen reader names.
    closeButton.current?.focus();
  }, [current]);

  const openFromLink = (event: MouseEvent<HTMLDivElement>) => {
    // A new tab or window, or a download, is the visitor's choice: the link does it.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-picture]');
    const index = Number(link?.dataset.picture);
    if (!link || !Number.isInteger(index) || !pictures[index]) return;
    event.preventDefault();
    opener.current = link;
    setCurrent(index);
  };

  const step = (by: number) =>
    setCurrent((index) => (index === null ? index : stepPicture(index, count, by)));

  const stepByKey = (event: KeyboardEvent<HTMLDialogElement>) => {
    const by = stepForKey(event.key);
    if (by === 0) return;
    event.preventDefault();
    step(by);
  };

  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) dialog.current?.close();
  };

  const rememberTouch = (event: TouchEvent<HTMLElement>) => {
    const touch = event.touches[0];
    touchStart.current = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
  };

  const stepBySwipe = (event: TouchEvent<HTMLElement>) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (start && touch) step(stepForSwipe(touch.clientX - start.x, touch.clientY - start.y));
  };

  // Escape, the close button and a click beside the picture all end here.
  const returnFocus = () => {
    setCurrent(null);
    opener.current?.focus();
  };

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the links inside are what a person clicks; this only listens */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link is a click, so keyboards arrive here too */}
      <div className="gallery-viewer__pictures" onClick={openFromLink}>
        {children}
      </div>
      <dialog
        ref={dialog}
        className="gallery-viewer"
        aria-label={label}
        aria-describedby={descriptionId}
        onClose={returnFocus}
        onKeyDown={stepByKey}
        onClick={closeOnBackdrop}
      >
        <p id={descriptionId} className="visually-hidden" aria-live="polite">
          {picture && current !== null ? describePicture(current, count, picture.alt) : ''}
        </p>
        <button
          type="button"
          className="gallery-viewer__close"
          ref={closeButton}
          onClick={() => dialog.current?.close()}
        >
          Close <span aria-hidden="true">×</span>
        </button>
        <figure className="gallery-viewer__figure" onTouchStart={rememberTouch} onTouchEnd={stepBySwipe}>
          {picture && (
            <picture key={picture.src}>
              {picture.sources.map((source) => (
                <source key={source.type} type={source.type} srcSet={source.srcSet} sizes="100vw" />
              ))}
              <img
                src={picture.src}
                srcSet={picture.srcSet}
                sizes={picture.srcSet ? '100vw' : undefined}
                width={picture.width}
                height={picture.height}
                alt={picture.alt}
                decoding="async"
              />
            </picture>
          )}
        </figure>
        {count > 1 && (
          <div className="gallery-viewer__controls">
            <button type="button" onClick={() => step(-1)}>
              <span aria-hidden="true">←</span> Previous<span className="visually-hidden"> picture</span>
            </button>
            <p className="gallery-viewer__count" aria-hidden="true">
              {current === null ? '' : `${current + 1} / ${count}`}
            </p>
            <button type="button" onClick={() => step(1)}>
              Next<span className="visually-hidden"> picture</span> <span aria-hidden="true">→</span>
            </button>
          </div>
        )}
      </dialog>
    </>
  );
}
