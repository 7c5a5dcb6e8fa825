import { PropertyGridPage } from '../../features/properties/property-grid-page';
import { JoinWaitlistButtons } from '../../features/waitlist/join-waitlist-buttons';

/** The staff properties screen with Join WaitList (staff may leave phone, e-mail and organization blank). */
export function PropertyGridRoute() {
  return <PropertyGridPage actions={<JoinWaitlistButtons />} />;
}
