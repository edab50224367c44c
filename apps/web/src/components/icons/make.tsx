import type { SVGProps } from "react";

/** Line icons (24×24 grid, stroke = currentColor), drawn after the MIT-licensed Feather set. */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "children"> & { size?: number | string };

/**
 * An icon from its outline, one path per stroke of the drawing. Feather's lines, circles and rects are
 * written as path data (circles as four quarter arcs, which Chromium rasterises exactly like <circle>),
 * so an icon is one line of data around the one shared <svg> frame.
 */
export function icon(...paths: string[]) {
  return function Icon({ size = "1em", strokeWidth = 1.9, ...rest }: IconProps) {
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
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}
