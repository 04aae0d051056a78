import {
  SdkError,
  SdkErrorCode,
  SdkErrorKind,
  type AiStatus,
  type ExtractFromUrlOutput,
  type Result,
} from '@campuscollab/sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../auth/test-providers';
import { IMPORT_SHORTENED_NOTE, PostProjectForm } from './post-project-form';

// The SDK client the feature calls go through; the SDK itself is tested against real servers.
const sdk = vi.hoisted(() => ({
  ai: {
    status: vi.fn<() => Promise<Result<AiStatus>>>(),
    generateObject: vi.fn<(input: Record<string, unknown>) => Promise<Result<unknown>>>(),
    streamText:
      vi.fn<
        (
          input: Record<string, unknown>,
          onChunk: (text: string) => void,
          options: { signal: AbortSignal },
        ) => Promise<Result<string>>
      >(),
  },
  data: {
    extractFromUrl: vi.fn<(input: { url: string }) => Promise<Result<ExtractFromUrlOutput>>>(),
  },
}));
vi.mock('../../lib/client', () => ({ client: sdk }));

const ok = <T,>(data: T): Result<T> => ({ data, error: null });
const failed = (init: Partial<ConstructorParameters<typeof SdkError>[0]>): Result<never> => ({
  data: null,
  error: new SdkError({ kind: SdkErrorKind.data, status: 500, message: 'x', ...init }),
});
const AI_ON: AiStatus = {
  configured: true,
  models: { text: 't', image: 'i', speech: 's', transcribe: 'w' },
};

function setup() {
  const onSubmit = vi.fn();
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}
    >
      <PostProjectForm busy={false} onSubmit={onSubmit} onCancel={() => {}} />
    </QueryClientProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

const title = () => screen.getByLabelText<HTMLInputElement>('Project Title*');
const description = () => screen.getByLabelText<HTMLTextAreaElement>('Project Description*');
const button = (name: string) => screen.getByRole('button', { name });
const aiButtons = () => [
  screen.queryByRole('button', { name: 'Suggest skills' }),
  screen.queryByRole('button', { name: 'Improve description' }),
];

/** Shows AI, and waits until the form has heard so. */
async function setupWithAi() {
  sdk.ai.status.mockResolvedValue(ok(AI_ON));
  const context = setup();
  await screen.findByRole('button', { name: 'Improve description' });
  return context;
}

beforeEach(() => {
  vi.resetAllMocks();
  sdk.ai.status.mockResolvedValue(ok({ configured: false, models: null }));
});

describe('Import from a link', () => {
  async function openImport(user: ReturnType<typeof userEvent.setup>, link: string) {
    await user.click(button('Import from a link'));
    const field = screen.getByLabelText('Link to import');
    expect(field).toHaveAttribute('placeholder', 'https://github.com/you/project');
    await user.type(field, link);
  }

  it('fills the description and an empty title with the page, then closes', async () => {
    sdk.data.extractFromUrl.mockResolvedValue(
      ok({ url: 'https://example.edu/robot', title: ' Robot Club ', text: '  Build a robot.  ' }),
    );
    const { user, onSubmit } = setup();
    await openImport(user, 'https://example.edu/robot');
    await user.click(button('Import'));
    expect(sdk.data.extractFromUrl).toHaveBeenCalledWith({ url: 'https://example.edu/robot' });
    expect(description()).toHaveValue('Build a robot.');
    expect(title()).toHaveValue('Robot Club');
    expect(screen.queryByLabelText('Link to import')).not.toBeInTheDocument();
    await user.click(button('Post Project'));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Robot Club', description: 'Build a robot.' }),
    );
  });

  it('keeps a title already typed and cuts a long page to 5000 characters, saying so', async () => {
    const long = 'a'.repeat(5000) + 'TAIL';
    sdk.data.extractFromUrl.mockResolvedValue(
      ok({ url: 'https://x.edu/', title: 'Page', text: long }),
    );
    const { user } = setup();
    await user.type(title(), 'Mine');
    await openImport(user, 'https://x.edu/');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(IMPORT_SHORTENED_NOTE)).toBeInTheDocument();
    expect(description().value).toHaveLength(5000);
    expect(description().value).not.toContain('TAIL');
    expect(title()).toHaveValue('Mine');
    await user.type(description(), '{Backspace}');
    expect(screen.queryByText(IMPORT_SHORTENED_NOTE)).not.toBeInTheDocument();
  });

  it('shows "Importing..." while busy, and works without AI', async () => {
    const answer = deferred<Result<ExtractFromUrlOutput>>();
    sdk.data.extractFromUrl.mockReturnValue(answer.promise);
    const { user } = setup();
    await openImport(user, 'https://x.edu/');
    await user.click(button('Import'));
    expect(button('Importing...')).toBeDisabled();
    await act(async () => answer.resolve(ok({ url: 'https://x.edu/', title: '', text: 'Hi' })));
    expect(description()).toHaveValue('Hi');
    expect(aiButtons()).toEqual([null, null]);
  });

  it.each([
    [
      'a refused address',
      failed({ status: 400, code: 'URL_NOT_ALLOWED', kind: 'VALIDATION_ERROR' }),
      "That link can't be imported.",
    ],
    [
      'a page without text',
      failed({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' }),
      'That page has no text to import.',
    ],
    [
      'the rate limit',
      failed({ status: 429, code: 'RATE_LIMITED' }),
      'Too many imports in a short time. Please wait a minute and try again.',
    ],
    [
      'no connection',
      failed({ status: 0, kind: 'NETWORK_ERROR' }),
      'Could not reach the server. Check your connection and try again.',
    ],
    [
      'a page that answered with an error',
      failed({ status: 502, code: 'UPSTREAM_STATUS' }),
      'That page could not be opened. Check the link and try again.',
    ],
    [
      'anything else',
      failed({ status: 502, code: 'BAD_GATEWAY' }),
      'Could not import that link. Please try again.',
    ],
    [
      'an empty text',
      ok({ url: 'https://x.edu/', title: 'T', text: '   ' }),
      'That page has no text to import.',
    ],
  ])('explains %s under the field and leaves the form alone', async (_case, answer, message) => {
    sdk.data.extractFromUrl.mockResolvedValue(answer as Result<ExtractFromUrlOutput>);
    const { user } = setup();
    await user.type(description(), 'Mine');
    await openImport(user, 'https://x.edu/');
    await user.click(button('Import'));
    const field = screen.getByLabelText('Link to import');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(description()).toHaveValue('Mine');
    expect(title()).toHaveValue('');
  });

  it('refuses a link that is not http(s) without asking, and closes', async () => {
    const { user } = setup();
    await openImport(user, 'javascript:alert(1)');
    await user.click(button('Import'));
    expect(
      screen.getByText('Enter a link that starts with http:// or https://.'),
    ).toBeInTheDocument();
    expect(sdk.data.extractFromUrl).not.toHaveBeenCalled();
    await user.click(button('Close import from a link'));
    expect(screen.queryByLabelText('Link to import')).not.toBeInTheDocument();
    expect(button('Import from a link')).toBeEnabled();
  });
});

describe('the AI helpers appear only when the server says AI is configured', () => {
  it('are absent while the status loads, when it fails and when AI is off', async () => {
    sdk.ai.status.mockReturnValue(new Promise(() => {}));
    setup();
    expect(aiButtons()).toEqual([null, null]);
    expect(button('Import from a link')).toBeInTheDocument();
  });

  it.each([
    ['fails', failed({ status: 500, kind: 'AI_ERROR' })],
    ['says off', ok({ configured: false, models: null })],
  ])('are absent when the status %s', async (_case, answer) => {
    sdk.ai.status.mockResolvedValue(answer as Result<AiStatus>);
    setup();
    await vi.waitFor(() => expect(sdk.ai.status).toHaveBeenCalled());
    await act(async () => {});
    expect(aiButtons()).toEqual([null, null]);
  });

  it('are shown, and disabled until the description has text', async () => {
    const { user } = await setupWithAi();
    expect(button('Improve description')).toBeDisabled();
    expect(button('Suggest skills')).toBeDisabled();
    await user.type(description(), '  ');
    expect(button('Improve description')).toBeDisabled();
    await user.type(description(), 'A robot');
    expect(button('Improve description')).toBeEnabled();
    expect(button('Suggest skills')).toBeEnabled();
  });
});

describe('Suggest skills', () => {
  it('asks for {skills} from the title and description and shows chips that add to Skills Needed', async () => {
    const answer = deferred<Result<unknown>>();
    sdk.ai.generateObject.mockReturnValue(answer.promise);
    const { user, onSubmit } = await setupWithAi();
    await user.type(title(), 'Robot');
    await user.type(description(), 'A line-following robot');
    await user.click(button('Suggest skills'));
    expect(button('Suggesting...')).toBeDisabled();
    const input = sdk.ai.generateObject.mock.calls[0]![0];
    expect(input.prompt).toContain('Robot');
    expect(input.prompt).toContain('A line-following robot');
    expect(input.schema).toMatchObject({
      type: 'object',
      properties: { skills: { type: 'array', items: { type: 'string' } } },
      required: ['skills'],
    });
    await act(async () =>
      answer.resolve(ok({ object: { skills: ['Robotics', ' robotics ', 'C++', 7, ''] } })),
    );
    const heading = await screen.findByText('Suggested for this project');
    const chips = heading.nextElementSibling as HTMLElement;
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Robotics', 'C++']);
    expect(screen.getByText('2 skills suggested.')).toBeInTheDocument();
    await user.click(within(chips).getByRole('button', { name: 'Robotics' }));
    expect(within(chips).getByRole('button', { name: 'Robotics' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      within(screen.getByRole('list', { name: 'Selected skills needed' })).getByText('Robotics'),
    ).toBeInTheDocument();
    await user.click(button('Post Project'));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ skillsNeeded: ['Robotics'] }));
  });

  it('explains a spent budget inline', async () => {
    sdk.ai.generateObject.mockResolvedValue(
      failed({ kind: 'AI_ERROR', status: 429, code: 'AI_BUDGET_EXCEEDED' }),
    );
    const { user } = await setupWithAi();
    await user.type(description(), 'A robot');
    await user.click(button('Suggest skills'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The AI helper has done all it can for now. Please try again later.',
    );
    expect(button('Suggest skills')).toBeEnabled();
  });
});

describe('Improve description', () => {
  /** A stream the test feeds, ending when told or when its signal aborts. */
  function controlledStream() {
    const end = deferred<Result<string>>();
    let push: (text: string) => void = () => {};
    let signal: AbortSignal | undefined;
    sdk.ai.streamText.mockImplementation((_input, onChunk, options) => {
      push = (text) => act(() => onChunk(text));
      signal = options.signal;
      signal.addEventListener('abort', () =>
        end.resolve({
          data: null,
          error: new SdkError({
            kind: SdkErrorKind.ai,
            status: 0,
            code: SdkErrorCode.aborted,
            message: 'Request aborted',
          }),
        }),
      );
      return end.promise;
    });
    return {
      push: (text: string) => push(text),
      finish: (result: Result<string>) => act(async () => end.resolve(result)),
      signal: () => signal,
    };
  }

  async function startImproving(original = 'robot thing') {
    const stream = controlledStream();
    const context = await setupWithAi();
    await context.user.type(title(), 'Robot');
    await context.user.type(description(), original);
    await context.user.click(button('Improve description'));
    return { ...context, stream };
  }

  it('streams into the read-only field with an announced progress state, then offers Undo', async () => {
    const { user, stream } = await startImproving();
    const input = sdk.ai.streamText.mock.calls[0]![0];
    expect(input.system).toMatch(/same project/);
    expect(input.system).toMatch(/plain text/);
    expect(input.prompt).toContain('robot thing');
    expect(description()).toHaveAttribute('readonly');
    expect(screen.getByText('Improving...')).toHaveAttribute('aria-live', 'polite');
    expect(button('Post Project')).toBeDisabled();
    expect(button('Suggest skills')).toBeDisabled();
    stream.push('A small ');
    expect(description()).toHaveValue('A small ');
    stream.push('robot that follows lines.');
    expect(description()).toHaveValue('A small robot that follows lines.');
    await stream.finish(ok('A small robot that follows lines.\n'));
    expect(description()).toHaveValue('A small robot that follows lines.');
    expect(description()).not.toHaveAttribute('readonly');
    expect(screen.queryByText('Improving...')).not.toBeInTheDocument();
    await user.click(button('Undo'));
    expect(description()).toHaveValue('robot thing');
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('Cancel stops the stream and puts the original back', async () => {
    const { user, stream } = await startImproving();
    stream.push('Half of a new');
    await user.click(button('Cancel improving'));
    expect(stream.signal()?.aborted).toBe(true);
    expect(description()).toHaveValue('robot thing');
    expect(description()).not.toHaveAttribute('readonly');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(button('Improve description')).toBeEnabled();
  });

  it('a stream that breaks off puts the original back with an error', async () => {
    const { stream } = await startImproving();
    stream.push('Half of');
    await stream.finish(
      failed({ kind: 'AI_ERROR', status: 200, message: 'Streaming request failed' }),
    );
    expect(description()).toHaveValue('robot thing');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The AI helper could not finish. Please try again.',
    );
  });

  it('cuts a text longer than 5000 characters', async () => {
    const { stream } = await startImproving();
    stream.push('b'.repeat(5003));
    expect(description().value).toHaveLength(5000);
    await stream.finish(ok('b'.repeat(5003)));
    expect(description().value).toHaveLength(5000);
  });
});
