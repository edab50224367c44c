import type { ReactNode, SVGProps } from "react";

/** Line icons (24×24 grid, stroke = currentColor), drawn after the MIT-licensed Feather set. */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "children"> & { size?: number | string };

/** The shared <svg> frame; each icon passes its paths as children. */
export function Svg({
  size = "1em",
  strokeWidth = 1.9,
  children,
  ...rest
}: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}
