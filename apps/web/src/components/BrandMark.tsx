/** The Tickfair mark: a rising tick line on a rounded square. */
export function BrandMark({ size = 40, inverted = false }: { size?: number; inverted?: boolean }) {
  const id = inverted ? "tf-mark-inv" : "tf-mark";
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      className="brand-mark"
    >
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={inverted ? "#ffffff" : "#3d78ff"} />
          <stop offset="1" stopColor={inverted ? "#e4ecff" : "#1238a8"} />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="17" fill={`url(#${id})`} />
      <path
        d="M14 41l10-10 8 7 18-18"
        fill="none"
        stroke={inverted ? "#1748c9" : "#ffffff"}
        strokeWidth="5.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="50" cy="19" r="4.5" fill="#34d399" />
    </svg>
  );
}
