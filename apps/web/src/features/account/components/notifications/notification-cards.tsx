import { useNotifySettings } from '../../api/notifications';
import { AlertsCard } from './alerts-card';
import { WebhookCard } from './webhook-card';

/** The alerts and webhook sections of /account, once the settings are loaded (their forms start from them). */
export function NotificationCards() {
  const { data } = useNotifySettings();
  if (!data) {
    return null;
  }
  return (
    <>
      <AlertsCard settings={data} />
      <WebhookCard settings={data} />
    </>
  );
}
