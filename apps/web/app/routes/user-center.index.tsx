import { useRouteLoaderData } from 'react-router';
import type { Route } from './+types/user-center.index';
import type { RootData } from '../root.tsx';
import { api } from '../lib/api.ts';
import { CenterInfoSchema } from '@bazaar/shared/schemas/account';
import { fetchAsUser } from '../features/account/user-loader.server.ts';
import { UserCenterOverview } from '../features/account/user-center-overview.tsx';

export async function loader({ request }: Route.LoaderArgs) {
  return { info: await fetchAsUser(request, (ctx) => api('/p/user/centerInfo', { ...ctx, schema: CenterInfoSchema })) };
}

export default function UserCenterIndex({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootData>('root');
  // Logged out (or the token was refused): the layout shows its login panel instead.
  if (!root?.user || !loaderData.info) return null;
  return <UserCenterOverview user={root.user} info={loaderData.info} />;
}
