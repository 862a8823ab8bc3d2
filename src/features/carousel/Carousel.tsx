import { type FocusEvent, useEffect, useId, useRef, useState } from 'react';
import { isRotating, nextSlide, previousSlide, slideLabel } from './carousel-state.ts';

/** One rendition of a slide's picture, already produced by astro:assets at build time. */
export type SlideImage = {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  alt: string;
  /** One `<source>` per modern format, best first. */
  sources: { type: string; srcSet: string }[];
};

export type Slide = { title: string; caption: string; image: SlideImage };

type Props = {
  /** Names the carousel for screen readers, e.g. "Featured stays". */
  label: string;
  slides: Slide[];
  /** The pictures' `sizes` attribute. */
  sizes: string;
  /** How long a slide stays before the next one; long enough to read its caption. */
  intervalMs?: number;
};

/**
 * The home page's slide show, after the WAI-ARIA carousel pattern. The server renders it with only the
 * first picture, so the page's largest image never waits for this script; the others load once it
 * runs. It moves every `intervalMs`, stops while pointed at or focused, has a pause button, and starts
 * paused for visitors who prefer reduced motion. React starts for it only when a person touches it or
 * when its first slide has had its time (`client:interaction={{ movesAfterMs }}`), so it may wake
 * already pointed at or focused, and its first slide may already have been read.
 */
export default function Carousel({ label, slides, sizes, intervalMs = 8000 }: Props) {
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => new Set([0]));
  const slidesId = useId();
  const section = useRef<HTMLElement>(null);
  const firstTurn = useRef(true);
  const count = slides.length;
  const rotating = isRotating({ playing, hovered, focused });

  useEffect(() => {
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    const stopIfReduced = () => {
      if (reducedMotion.matches) setPlaying(false);
    };
    stopIfReduced();
    reducedMotion.addEventListener('change', stopIfReduced);
    return () => reducedMotion.removeEventListener('change', stopIfReduced);
  }, []);

  // Fetch the picture that comes next while this one is on show.
  useEffect(() => {
    setLoaded((before) => new Set([...before, current, nextSlide(current, count)]));
  }, [current, count]);

  // Woken by a touch, it is already pointed at or focused, and React saw neither event.
  useEffect(() => {
    if (section.current?.matches(':hover')) setHovered(true);
    if (section.current?.contains(document.activeElement)) setFocused(true);
  }, []);

  // A timeout per slide, so moving by hand gives the new slide its full time.
  useEffect(() => {
    if (!rotating) return;
    let wait = intervalMs;
    if (firstTurn.current) {
      firstTurn.current = false;
      // The states the effects above set are not seen yet: read what they read.
      const element = section.current;
      const held =
        window.matchMedia('(prefers-reduced-motion: reduce)').matches ||
        element?.matches(':hover') ||
        element?.contains(document.activeElement);
      if (held) return;
      // The first slide has been on show since the page opened, before React woke: its time counts from then.
      wait = Math.max(0, intervalMs - performance.now());
    }
    const timer = window.setTimeout(() => setCurrent(nextSlide(current, count)), wait);
    return () => window.clearTimeout(timer);
  }, [rotating, current, count, intervalMs]);

  const leave = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <section
      ref={section}
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={leave}
    >
      {/* Off while moving on its own, so a screen reader is not interrupted every few seconds. */}
      <div className="carousel__slides" id={slidesId} aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide as a group; a fieldset is for form controls.
          <div
            key={slide.image.src}
            className="carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={slideLabel(index, count)}
            aria-hidden={index === current ? undefined : true}
            data-current={index === current ? '' : undefined}
          >
            <div className="carousel__frame">
              {loaded.has(index) && <SlidePicture image={slide.image} sizes={sizes} first={index === 0} />}
            </div>
            <div className="carousel__caption">
              <p className="carousel__title">{slide.title}</p>
              <p className="carousel__text">{slide.caption}</p>
            </div>
          </div>
        ))}
      </div>
      <div className="carousel__controls">
        <p className="carousel__counter" aria-hidden="true">
          {String(current + 1).padStart(2, '0')} <span>/ {String(count).padStart(2, '0')}</span>
        </p>
        <button
          type="button"
          className="carousel__button"
          aria-controls={slidesId}
          aria-label="Previous slide"
          onClick={() => setCurrent(previousSlide(current, count))}
        >
          <Icon path="M15 5l-7 7 7 7" />
        </button>
        <button
          type="button"
          className="carousel__button"
          aria-controls={slidesId}
          aria-label={playing ? 'Pause slide show' : 'Play slide show'}
          onClick={() => setPlaying(!playing)}
        >
          <Icon path={playing ? 'M9 5v14M15 5v14' : 'M8 5l11 7-11 7z'} />
        </button>
        <button
          type="button"
          className="carousel__button"
          aria-controls={slidesId}
          aria-label="Next slide"
          onClick={() => setCurrent(nextSlide(current, count))}
        >
          <Icon path="M9 5l7 7-7 7" />
        </button>
      </div>
    </section>
  );
}

function SlidePicture({ image, sizes, first }: { image: SlideImage; sizes: string; first: boolean }) {
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        className="carousel__image"
        src={image.src}
        srcSet={image.srcSet}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.alt}
        // The first slide is the home page's largest paint; the rest arrive after it.
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'low'}
        decoding={first ? 'sync' : 'async'}
      />
    </picture>
  );
}

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinejoin="round" />
    </svg>
  );
}
