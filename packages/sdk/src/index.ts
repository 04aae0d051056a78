/** The CampusCollab client SDK; built in the SDK issue. */
export const SDK_VERSION = '0.1.0';
