import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NavigationProvider, useNavigation } from './navigation';
import { PageLink } from './page-link';

function Where() {
  const { page, params } = useNavigation();
  return <p data-testid="where">{`${page} ${params.id ?? ''}`.trim()}</p>;
}

function renderLink() {
  render(
    <NavigationProvider>
      <Where />
      <PageLink page="project" params={{ id: 'project_1 & co' }}>
        Robot Arm
      </PageLink>
    </NavigationProvider>,
  );
  return screen.getByRole('link', { name: 'Robot Arm' });
}

describe('PageLink', () => {
  beforeEach(() => window.history.replaceState(null, '', '/?page=explore'));
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('is a real link to the page, with the id encoded', () => {
    const link = renderLink();
    expect(link).toHaveAttribute('href', '/?page=project&id=project_1+%26+co');
  });

  it('moves within the app on a plain click, and Back returns', async () => {
    const link = renderLink();
    expect(screen.getByTestId('where')).toHaveTextContent('explore');
    await userEvent.setup().click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('project project_1 & co');
    expect(window.location.search).toBe('?page=project&id=project_1+%26+co');

    window.history.back();
    await screen.findByText('explore');
    expect(window.location.search).toBe('?page=explore');
  });

  it('leaves a modified click (new tab, new window) to the browser', () => {
    const link = renderLink();
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }]) {
      // fireEvent returns false when the app prevented the browser's own handling.
      expect(fireEvent.click(link, modifier)).toBe(true);
    }
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
    expect(screen.getByTestId('where')).toHaveTextContent('explore');
  });

  it('is a plain link outside the app navigation', () => {
    render(
      <PageLink page="profile" params={{ id: 'u1' }}>
        Ada
      </PageLink>,
    );
    const link = screen.getByRole('link', { name: 'Ada' });
    expect(link).toHaveAttribute('href', '/?page=profile&id=u1');
  });
});
