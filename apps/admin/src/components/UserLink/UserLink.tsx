import { Link } from "react-router";
import { AREA_PATHS } from "../../lib/paths";

/** A user named in a list, opening their page in the console. */
export function UserLink({ user }: { user: { id: string; account: string } }) {
  return (
    <Link to={`${AREA_PATHS.users}/${user.id}`} data-testid="user-link">
      {user.account}
    </Link>
  );
}
