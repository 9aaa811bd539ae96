import { SectionPage } from '../components/SectionPage';
import { ShopSettingsTab } from './ShopSettings';

/** Settings (`/admin/settings`): the shop's settings. */
export default function SettingsPage() {
  return (
    <SectionPage title="Settings">
      <ShopSettingsTab />
    </SectionPage>
  );
}
