import { Button } from "antd-mobile";
import type { ReactNode } from "react";
import { useNavigate } from "../../router";

/** The rounded primary button that leads on to another page (an empty list's way on). */
export function NavButton({ to, children }: { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Button color="primary" shape="rounded" onClick={() => navigate(to)}>
      {children}
    </Button>
  );
}
