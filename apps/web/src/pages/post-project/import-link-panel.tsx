import type { ExtractFromUrlOutput } from '@campuscollab/sdk';
import { isHttpUrl } from '@campuscollab/shared';
import { Link2, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useImportFromLink } from '../../features/data/api/import-from-link';
import {
  describeImportError,
  IMPORT_BAD_LINK,
  IMPORT_NO_TEXT,
} from '../../features/data/describe-import-error';

/**
 * "Import from a link": an inline field whose page text becomes the description. Extraction is a
 * data endpoint, so this works whether or not the server has AI.
 */
export function ImportLinkPanel({
  disabled,
  onImported,
}: {
  disabled: boolean;
  onImported: (page: ExtractFromUrlOutput) => void;
}) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const importLink = useImportFromLink();

  const close = () => {
    setOpen(false);
    setUrl('');
    setError(null);
    importLink.reset();
  };

  // A nested <form> is not allowed inside the project form, so Enter is handled here.
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const link = url.trim();
    if (!isHttpUrl(link)) {
      setError(IMPORT_BAD_LINK);
      return;
    }
    setError(null);
    importLink.mutate(link, {
      onSuccess: (page) => {
        if (!page.text.trim()) {
          setError(IMPORT_NO_TEXT);
          return;
        }
        onImported(page);
        close();
      },
      onError: (failure) => setError(describeImportError(failure)),
    });
  };

  if (!open) {
    return (
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        disabled={disabled}
        aria-expanded={false}
        aria-controls={panelId}
      >
        <Link2 aria-hidden="true" className="h-4 w-4" />
        Import from a link
      </Button>
    );
  }

  const busy = importLink.isPending;
  return (
    <div
      id={panelId}
      role="group"
      aria-label="Import from a link"
      className="w-full space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-3"
    >
      <TextField
        label="Link to import"
        type="url"
        inputMode="url"
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          if (!busy) submit();
        }}
        placeholder="https://github.com/you/project"
        maxLength={2048}
        error={error}
        hint="The page's text replaces the description."
        autoFocus
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => submit()} disabled={busy || !url.trim()}>
          {busy ? 'Importing...' : 'Import'}
        </Button>
        <Button variant="ghost" size="sm" onClick={close} aria-label="Close import from a link">
          <X aria-hidden="true" className="h-4 w-4" />
          Close
        </Button>
      </div>
    </div>
  );
}
