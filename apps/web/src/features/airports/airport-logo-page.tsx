import Paper from '@mui/material/Paper';
import { PageHeader } from '../../components/page-header';
import { Loader } from '../../components/loader';
import { useAccess, useAppConfig } from '../../lib/session';
import { AirportLogoEditor } from './airport-logo-editor';

/**
 * `/settings/logo`: the logo of the airport the administrator works at now (Settings admins; an
 * authority administrator also sets any airport's logo in Settings > Airports).
 */
export function AirportLogoPage() {
  const { user } = useAccess();
  const config = useAppConfig();
  if (!user?.airportId || !config.data) return <Loader />;
  const { airportName, logoUrl = null } = config.data.jsonvalue;
  return (
    <>
      <PageHeader title="Airport Logo" backTo="/settings" />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <AirportLogoEditor airportId={user.airportId} airportName={airportName} logoUrl={logoUrl} headingLevel="h2" />
      </Paper>
    </>
  );
}
