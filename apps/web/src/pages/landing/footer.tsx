/** The landing footer; its links are placeholders (docs/product.md §2.3), so plain text here. */
export function Footer() {
  return (
    <footer className="border-t border-gray-200 bg-white px-4 py-10 text-center text-sm text-gray-700">
      <p className="text-lg font-bold text-brand-700">CampusCollab</p>
      <p className="mt-2">Connecting students, building futures.</p>
      <ul className="mt-4 flex justify-center gap-6" aria-label="Legal and contact">
        <li>Privacy Policy</li>
        <li>Terms of Service</li>
        <li>Contact Us</li>
      </ul>
    </footer>
  );
}
