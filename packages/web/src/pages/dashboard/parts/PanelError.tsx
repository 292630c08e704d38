import { Banner } from '../../../ui/Banner.tsx';
import { Button } from '../../../ui/Button.tsx';

/** A panel's data could not be loaded: why, and 'Réessayer'. */
export function PanelError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="panel-error">
      <Banner tone="error">{message}</Banner>
      <Button variant="secondary" onPress={onRetry}>
        Réessayer
      </Button>
    </div>
  );
}
