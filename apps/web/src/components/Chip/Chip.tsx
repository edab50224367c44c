import type { ButtonHTMLAttributes } from "react";
import "./chip.css";

type ChipProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "className"> & { active: boolean };

/** A small rounded choice (a filter, a duration, a network), highlighted while chosen. */
export function Chip({ active, ...rest }: ChipProps) {
  return <button {...rest} type="button" className={active ? "chip chip--active" : "chip"} />;
}
