import { data } from 'react-router';
import { NotFoundPage } from '../components/error-pages.tsx';

// Any unknown path: the loader's 404 gives the HTTP status and the error boundary shows the page.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
