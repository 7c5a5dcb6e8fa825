import { useParams } from 'react-router';
import { MASTER_TYPE_NAMES, MASTER_TYPES } from '@apron/core/settings';
import { MasterDataPage } from '../../features/settings/master-data-page';
import { NotFoundPage } from './not-found-page';

/**
 * `/settings/<route>` for every master-data type (`/settings/documents`, ...). The route table
 * is read here, in this lazy chunk, so the app shell carries no settings schemas.
 */
export function MasterDataRoute() {
  const { masterRoute } = useParams();
  const type = MASTER_TYPE_NAMES.find((name) => MASTER_TYPES[name].route === masterRoute);
  return type ? <MasterDataPage key={type} type={type} /> : <NotFoundPage />;
}
