import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentTitle, useDocumentTitle } from './document-title';

function Titled({ title }: { title: string | null }) {
  useDocumentTitle(title);
  return null;
}

describe('documentTitle', () => {
  it('puts the page before the app name', () => {
    expect(documentTitle('Explore projects')).toBe('Explore projects · CampusCollab');
    expect(documentTitle('  Robot Arm  ')).toBe('Robot Arm · CampusCollab');
  });

  it('is the bare app name when the page has nothing to add', () => {
    expect(documentTitle('')).toBe('CampusCollab');
    expect(documentTitle('   ')).toBe('CampusCollab');
    expect(documentTitle(null)).toBe('CampusCollab');
  });
});

describe('useDocumentTitle', () => {
  it('names the tab and follows the title as it changes', () => {
    const { rerender } = render(<Titled title="Project" />);
    expect(document.title).toBe('Project · CampusCollab');
    rerender(<Titled title="Robot Arm" />);
    expect(document.title).toBe('Robot Arm · CampusCollab');
  });
});
