import type { LiveNotice } from "@tickfair/contract";
import { lazy, type ReactNode, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLiveBanners } from "../../api/notices";
import { later } from "../../boot-later";
import { currentLocale } from "../../i18n";
import { Link } from "../../router";
import "./home-banners.css";

// Lazy from here, so home's own chunk names only this one: the dialog's code is no part of its preload
// list, and asked for once the first screen is interactive.
const HomePopup = lazy(later(() => import("./HomePopup")));

/** `first`: the slide in view at the start, home's largest element; its picture comes before others'. */
function Slide({ banner, first }: { banner: LiveNotice; first: boolean }) {
  const body = (
    <>
      {banner.image ? (
        <img
          className="home-carousel__image"
          src={banner.image.url}
          width={banner.image.width}
          height={banner.image.height}
          alt=""
          decoding="async"
          fetchPriority={first ? "high" : "low"}
        />
      ) : null}
      <span className={`home-carousel__text${banner.image ? " home-carousel__text--over" : ""}`}>
        <strong>{banner.title}</strong>
        {banner.body ? <span>{banner.body}</span> : null}
      </span>
    </>
  );
  return banner.link ? (
    <Link to={banner.link} className="home-carousel__slide" data-testid="home-banner-slide">
      {body}
    </Link>
  ) : (
    <div className="home-carousel__slide" data-testid="home-banner-slide">
      {body}
    </div>
  );
}

/**
 * Home's carousel of the banners operators published, swiped (scroll snap: no carousel library in the
 * bundle) or stepped with its dots. Until they arrive, or when there are none, the app's own banner
 * (`hero`) stands in its place at the same height, so nothing below moves. The pop-up notice comes in
 * with it (a dialog, placed above the page whatever its place here): one lazy import in home for both.
 */
export default function HomeBanners({ hero, signedIn }: { hero: ReactNode; signedIn: boolean }) {
  return (
    <>
      <Carousel hero={hero} />
      <Suspense fallback={null}>
        <HomePopup signedIn={signedIn} />
      </Suspense>
    </>
  );
}

function Carousel({ hero }: { hero: ReactNode }) {
  const { t } = useTranslation();
  const banners = useLiveBanners(currentLocale()).data?.items ?? [];
  const track = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  if (banners.length === 0) return hero;

  const show = (index: number) => {
    const element = track.current;
    if (element) element.scrollTo({ left: index * element.clientWidth, behavior: "smooth" });
  };
  return (
    <section className="home-carousel" aria-label={t("home.banners")} data-testid="home-banners">
      <ul
        ref={track}
        className="home-carousel__track"
        onScroll={(event) => {
          const element = event.currentTarget;
          setCurrent(Math.round(element.scrollLeft / Math.max(1, element.clientWidth)));
        }}
      >
        {banners.map((banner, index) => (
          <li key={banner.id} aria-label={t("home.bannerOf", { index: index + 1, count: banners.length })}>
            <Slide banner={banner} first={index === 0} />
          </li>
        ))}
      </ul>
      {banners.length > 1 ? (
        <div className="home-carousel__dots">
          {banners.map((banner, index) => (
            <button
              key={banner.id}
              type="button"
              aria-label={t("home.bannerOf", { index: index + 1, count: banners.length })}
              aria-current={index === current}
              onClick={() => show(index)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
