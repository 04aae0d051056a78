import * as auth from './001-auth';
import * as entities from './002-entities';
import * as realtime from './003-realtime';
import * as analytics from './004-analytics';
import * as tableApiIndexes from './005-table-api-indexes';
import * as projectCampus from './006-project-campus';
import * as campusPeopleIndex from './007-campus-people-index';
import * as unreadIndex from './008-unread-index';
import * as refreshTokenChains from './009-refresh-token-chains';
import * as refreshTokenExpiry from './010-refresh-token-expiry';
import * as peopleCityIndex from './011-people-city-index';
import * as firstProfiles from './012-first-profiles';
import * as posterNames from './013-poster-names';
import * as emailLinksProveTheMailbox from './015-email-links-prove-the-mailbox';
import * as aiUsage from './016-ai-usage';
import * as cluster from './017-cluster';
import * as skillTags from './018-skill-tags';
import * as teamReads from './019-team-reads';
import * as safety from './020-safety';
import * as ownerRecentIndex from './021-owner-recent-index';
import * as searchIndexes from './022-search-indexes';
import * as sqliteSearchIndexes from './023-sqlite-search-indexes';
import * as tagsInRow from './024-tags-in-row';
import * as lowerCasedSearchText from './025-lower-cased-search-text';

/** Every migration, in order. Names sort the way they must run. */
export const migrations = {
  '001-auth': auth,
  '002-entities': entities,
  '003-realtime': realtime,
  '004-analytics': analytics,
  '005-table-api-indexes': tableApiIndexes,
  '006-project-campus': projectCampus,
  '007-campus-people-index': campusPeopleIndex,
  '008-unread-index': unreadIndex,
  '009-refresh-token-chains': refreshTokenChains,
  '010-refresh-token-expiry': refreshTokenExpiry,
  '011-people-city-index': peopleCityIndex,
  '012-first-profiles': firstProfiles,
  '013-poster-names': posterNames,
  '015-email-links-prove-the-mailbox': emailLinksProveTheMailbox,
  '016-ai-usage': aiUsage,
  '017-cluster': cluster,
  '018-skill-tags': skillTags,
  '019-team-reads': teamReads,
  '020-safety': safety,
  '021-owner-recent-index': ownerRecentIndex,
  '022-search-indexes': searchIndexes,
  '023-sqlite-search-indexes': sqliteSearchIndexes,
  '024-tags-in-row': tagsInRow,
  '025-lower-cased-search-text': lowerCasedSearchText,
};
