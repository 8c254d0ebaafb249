import { Outlet } from 'react-router';

/** Nothing around the page. */
export default function EmptyLayout() {
  return <Outlet />;
}
