import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { formatDateTime, type TOrder } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { paths } from '@/config/paths';
import { copyText, saveText } from '@/lib/files';
import { countryName, formatMoney, formatPeriod } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useOrder } from '../api/get-order';
import { useOrderLines } from '../api/get-order-lines';
import { linesToText } from '@/lib/proxy-lines';

function OrderNotFound() {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button component={Link} to={paths.app.order.getHref()} color="inherit">
          {t('orders.title')}
        </Button>
      }
    >
      {t('errors.ORDER_NOT_EXIST')}
    </Alert>
  );
}

type Order = NonNullable<ReturnType<typeof useOrder>['data']>;

function SuccessHeading({ order: o, count }: { order: Order; count: number }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <CheckCircleOutline color="success" sx={{ fontSize: 40 }} />
      <div>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('orders.success.title')}
        </Typography>
        <Typography color="text.secondary" data-testid="order-success-summary">
          {t('orders.success.summary', {
            code: o.code,
            count,
            product: t(`common.product.${o.product}`),
            country: countryName(o.country, i18n.language),
            period: formatPeriod(o.period, t),
          })}
        </Typography>
      </div>
    </Stack>
  );
}

/** The bought proxies (or keys), one a line, read-only, once they are loaded. */
function OrderLines({ lines, text, isKey }: { lines: ReturnType<typeof useOrderLines>; text: string; isKey: boolean }) {
  const { t } = useTranslation();
  return lines.data ? (
    <TextField
      multiline
      minRows={6}
      maxRows={16}
      value={text}
      label={isKey ? t('orders.success.keysLabel') : t('orders.success.linesLabel')}
      slotProps={{
        input: { readOnly: true, sx: { fontFamily: 'monospace', fontSize: 13 } },
        // One proxy per line, scrolled sideways on a phone rather than wrapped.
        htmlInput: {
          'data-testid': 'order-success-lines',
          spellCheck: false,
          wrap: 'off',
          style: { whiteSpace: 'pre', overflowX: 'auto' },
        },
      }}
    />
  ) : lines.isError ? (
    <Alert severity="error">{t('error.contactAdmin')}</Alert>
  ) : (
    <PageSpinner />
  );
}

/** /order/success/:id: what was bought, as lines to copy or download. */
export function OrderSuccessRoute() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const order = useOrder(id);
  const lines = useOrderLines(order.data);

  if (order.isError) {
    return <OrderNotFound />;
  }
  if (!order.data) {
    return <PageSpinner />;
  }
  const o = order.data;
  if (o.status === 'waiting' || (o.status === 'cancelled' && lines.data?.length === 0)) {
    return <OrderPending order={o} />;
  }
  const text = linesToText(lines.data ?? []);

  const copy = async () => {
    if (await copyText(text)) {
      notifySuccess(t('common.copied'));
    } else {
      notifyError(t('common.copyFailed'));
    }
  };

  return (
    <Card>
      <CardContent>
        <Stack spacing={2}>
          <SuccessHeading order={o} count={lines.data?.length ?? o.quantity} />
          <Typography variant="body2" color="text.secondary">
            {t('orders.success.paid', {
              total: formatMoney(o.totalPrice, t, i18n.language),
              expires: o.expiresAt ? formatDateTime(o.expiresAt) : t('common.none'),
            })}
          </Typography>
          <OrderLines lines={lines} text={text} isKey={o.product === 'key'} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button
              variant="contained"
              startIcon={<ContentCopy />}
              disabled={!lines.data}
              onClick={() => void copy()}
              data-testid="order-success-copy"
            >
              {t('common.copyAll')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadOutlined />}
              disabled={!lines.data}
              onClick={() => saveText(text, `${o.code}.txt`)}
              data-testid="order-success-download"
            >
              {t('orders.success.downloadTxt')}
            </Button>
            <Button component={Link} to={paths.app.manageProxy.getHref()}>
              {t('nav.manageProxy')}
            </Button>
            <Button component={Link} to={paths.app.order.getHref()}>
              {t('orders.title')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * An order that has no proxies to show: still `waiting` for an upstream supplier (the page turns
 * into the lines by itself when `order.updated` arrives), or `cancelled` because no source could
 * deliver, and refunded.
 */
function OrderPending({ order }: { order: TOrder }) {
  const { t, i18n } = useTranslation();
  const waiting = order.status === 'waiting';
  return (
    <Card data-testid="order-pending" data-status={order.status}>
      <CardContent>
        <Stack spacing={2}>
          {waiting ? (
            <>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <CircularProgress size={32} aria-hidden />
                <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
                  {t('orders.success.waitingTitle')}
                </Typography>
              </Stack>
              <LinearProgress aria-label={t('orders.success.waitingTitle')} />
              <Typography color="text.secondary" data-testid="order-waiting-message">
                {t('orders.success.waitingMessage', { total: formatMoney(order.totalPrice, t, i18n.language) })}
              </Typography>
            </>
          ) : (
            <Alert severity="error" data-testid="order-cancelled-message">
              <AlertTitle>{t('orders.success.cancelledTitle')}</AlertTitle>
              {t('orders.success.cancelledMessage', { code: order.code })}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button component={Link} to={paths.app.order.getHref()} variant={waiting ? 'outlined' : 'contained'}>
              {t('orders.title')}
            </Button>
            <Button component={Link} to={paths.app.dashboard.getHref()}>
              {t('nav.dashboard')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
