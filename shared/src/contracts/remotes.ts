// Contracts are parsed in the browser too: zod/mini keeps them small (a shared module is never
// tree-shaken, and classic zod costs ~88 KB gzip there).
import * as z from '@qf/shared/zod';

/** The version of the contracts below. A remote's route manifest names the version it was built for. */
export const CONTRACT_VERSION = 1;

/**
 * A section's name: `mf-` and lowercase letters and dashes (`mf-media-center`). Validated by its form,
 * not by a list: a section joins the site by its registry entry, and a shell built before it existed
 * routes, renders and forwards to it (issue 33, item 5). Which sections exist is the registry's word at
 * run time, and the workspaces' (root package.json, scripts/workspaces.cjs) for the build and test
 * scripts. The form keeps a name safe wherever it goes: a path segment, a metric label, a federated
 * container name (`federatedName`), a folder of the release store.
 */
export const REMOTE_NAME_PATTERN = /^mf-[a-z][a-z-]*$/;
/** The longest section name (a DNS label, which a Kubernetes Service named after it must be, is 63). */
export const REMOTE_NAME_MAX_LENGTH = 63;
export type RemoteName = `mf-${string}`;
export const isRemoteName = (name: unknown): name is RemoteName => typeof name === 'string' && name.length <= REMOTE_NAME_MAX_LENGTH && REMOTE_NAME_PATTERN.test(name);
export const remoteNameSchema = z.custom<RemoteName>(isRemoteName, 'a section name is mf- and lowercase letters and dashes (mf-events), at most 63 characters');

/** Federated container names cannot hold dashes. */
export const federatedName = (remote: RemoteName): string => remote.replace(/-/g, '_');

/**
 * When a slot's code runs once the server HTML is on screen. The page itself never waits for it: the
 * server HTML is complete and styled, links and forms work as plain HTML, so code only loads for what
 * a visitor uses.
 * - `eager`: at once (a slot that is empty or wrong without its code).
 * - `idle`: in the browser's first idle period after the visitor has started using the page (a
 *   scroll, a pointer move or press, a key): a widget that must watch the page (a survey that opens
 *   after some reading) without taxing the page's load.
 * - `visible`: when the slot comes near the viewport (a form the visitor is about to reach).
 * - `interaction`: only when the visitor points at, presses, focuses or types in the slot (a template
 *   that is plain reading, a form that posts without JavaScript): visitors who never touch it never
 *   download its code.
 * - `fragment`: at once when the address carries a fragment or a query (state the server did not or
 *   could not render, such as SPEC's `#s=…` search), otherwise as `interaction`.
 * Every policy also starts on interaction. A shell must know a policy before a remote declares it:
 * deploy the shell first when one is added.
 */
export const hydrationSchema = z.enum(['eager', 'idle', 'visible', 'interaction', 'fragment']);
export type Hydration = z.infer<typeof hydrationSchema>;

const absolutePath = () => z.string().check(z.startsWith('/'));

export const routeSchema = z.object({
  template: z.string().check(z.minLength(1)),
  /** Path pattern without the language prefix: `/stories/:slug`. */
  pattern: absolutePath(),
  hydration: hydrationSchema,
  /** The pattern's name, for a template whose patterns are named (its route id is then `remote/template.name`). */
  name: z.optional(z.string().check(z.regex(/^[A-Za-z]+$/))),
  /**
   * The query parameters the template's page reads (`['school', 'degree']`: a list's filters), sorted.
   * Only these reach its resolver and key the shell's page cache: any other parameter (a campaign tag,
   * a random one) makes no page of its own. `[]`: the page reads no query. Absent: not declared (a
   * release built before query keys, issue 37): its whole query reaches it and keys its pages, as then.
   */
  query: z.optional(z.array(z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_-]{0,31}$/, 'query parameter names are letters, digits, - and _')))),
});
export type RouteDefinition = z.infer<typeof routeSchema>;

/**
 * A page of a section as other sections link to it: `<remote>/<template>` (`mf-events/events`), or
 * `<remote>/<template>.<name>` for one named pattern of a template (`mf-content/area.research`). A link
 * gives the page's parameters; the shell finds the pattern in the section's published manifest.
 */
export const routeIdSchema = z.string().check(z.regex(/^mf-[a-z][a-z-]*\/[A-Za-z]+(\.[A-Za-z]+)?$/, 'route ids look like mf-events/event or mf-content/area.research'));
export type RouteId = z.infer<typeof routeIdSchema>;

export const widgetDefinitionSchema = z.object({ name: z.string().check(z.minLength(1)), hydration: hydrationSchema });

/** What a remote exposes as `./routes`: the pages it owns and the widgets other sections may place. */
export const routeManifestSchema = z.object({
  contractVersion: z.literal(CONTRACT_VERSION),
  remote: remoteNameSchema,
  routes: z.array(routeSchema),
  widgets: z.array(widgetDefinitionSchema),
  /** The other sections' pages this section links to (route ids); the shell resolves them for its views. */
  links: z.optional(z.array(routeIdSchema)),
});
export type RouteManifest = z.infer<typeof routeManifestSchema>;

/**
 * The digests of a release's Node container (issue 37, item 5): each script of its `server/` folder
 * (names relative to the folder of `serverEntry`, `remoteEntry.js` included) and its Subresource
 * Integrity digest (`sha256-<base64>`), taken from the release record when the release was made. The
 * shell runs no file of that container whose bytes do not match, nor one the list does not name.
 */
export const serverIntegritySchema = z.record(
  z.string().check(z.regex(/^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}\.js$/, 'a script of the server folder, as `remoteEntry.js` or `112.ec0668e016.js`')),
  z.string().check(z.regex(/^sha(256|384|512)-[A-Za-z0-9+/]{43,86}={0,2}$/, 'a Subresource Integrity digest, as sha256-<base64>')),
);
export type ServerIntegrity = z.infer<typeof serverIntegritySchema>;

/**
 * The digests of a release's browser build (issue 37, item 5): each script and stylesheet of its
 * `browser/` folder (names relative to the folder of its manifest) and its Subresource Integrity digest,
 * from the release record. The shell checks the files before it sends a page that loads them, gives the
 * page the remote entry's digest (the browser refuses other bytes), and the entry carries the digests of
 * the chunks it loads (shared/build/chunk-integrity.js).
 */
export const browserIntegritySchema = z.record(
  z.string().check(z.regex(/^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}\.(js|css)$/, 'a script or stylesheet of the browser folder, as `remoteEntry.554c96d51b.js` or `story.05812dfa51.css`')),
  z.string().check(z.regex(/^sha(256|384|512)-[A-Za-z0-9+/]{43,86}={0,2}$/, 'a Subresource Integrity digest, as sha256-<base64>')),
);
export type BrowserIntegrity = z.infer<typeof browserIntegritySchema>;

/** One entry of the registry: where a remote's server and builds live, and which release it serves. */
export const registryEntrySchema = z.object({
  /** Origin of the remote's server: its API, page resolver and static builds. */
  url: z.url(),
  /** Browser manifest; defaults to the pinned copy `{url}/browser/mf-manifest.{build}.json`. */
  manifest: z.optional(z.url()),
  /** Node container for server rendering; defaults to `{url}/server/remoteEntry.js`. */
  serverEntry: z.optional(z.url()),
  /** Version pinned by ops; when set, a remote serving another version is treated as unavailable. */
  version: z.optional(z.string()),
  /**
   * The pinned release's build info in the browser-build store (`<cdn>/<remote>/<release>/build-info.json`,
   * issue 33). When set, the shell renders and the browser loads exactly that build (with `manifest`,
   * `serverEntry` and `routes` from the same release), whichever of the section's instances answers:
   * during a rolling update they serve two releases, and the shell must not flip between them. Without
   * it, the build is the one `{url}/build-info.json` says (one server per release: blue/green).
   */
  buildInfo: z.optional(z.url()),
  /**
   * The route manifest of the release (`routes.<build>.json`, which its build publishes next to its
   * browser manifest): what the shell finds the owner of each page from. Defaults to the copy the
   * remote's server serves, `{url}/browser/routes.{build}.json`, read once the server says its build.
   * Point it at the release's copy in the store (the supervisor does) so that a section whose server
   * is down when a shell starts still has its pages answered 503, not 404. The registry says where a
   * remote lives and which release; which paths it owns is the release's own word.
   */
  routes: z.optional(z.url()),
  /** The digests of the release's Node container (`serverIntegritySchema`): without them its files run unchecked. */
  serverIntegrity: z.optional(serverIntegritySchema),
  /** The digests of the release's browser build (`browserIntegritySchema`): without them the browser loads it unchecked. */
  browserIntegrity: z.optional(browserIntegritySchema),
  /**
   * A release tried on a share of visitors first (issue 12): visitors whose cohort (0-99, a cookie the
   * shell sets while a canary runs) is below `percent` get this server and browser build for this
   * remote, on the server and in the browser; the others the entry's own.
   */
  canary: z.optional(
    z.object({
      url: z.url(),
      manifest: z.optional(z.url()),
      serverEntry: z.optional(z.url()),
      routes: z.optional(z.url()),
      buildInfo: z.optional(z.url()),
      serverIntegrity: z.optional(serverIntegritySchema),
      browserIntegrity: z.optional(browserIntegritySchema),
      percent: z.int().check(z.gte(1), z.lte(99)),
      /** The release's id, for logs and the release health the shell reports. */
      release: z.optional(z.string()),
    }),
  ),
});
export type RegistryEntry = z.infer<typeof registryEntrySchema>;

export const registrySchema = z.object({
  remotes: z.partialRecord(remoteNameSchema, registryEntrySchema),
});
export type Registry = z.infer<typeof registrySchema>;

/** What a remote's server says of the build it serves (`GET /build-info.json`). */
export const buildInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  buildId: z.string(),
  builtAt: z.string(),
  /** The id of each of the remote's builds (browser, node), keyed by build name. */
  builds: z.optional(z.record(z.string(), z.string())),
  /**
   * The version of the content the remote's server reads (changes whenever that content does). The
   * shell keeps rendered pages until their owner's build or content version changes; a remote that does
   * not say (an older one, or a content source without versions) gets its pages re-rendered after a
   * short time instead. Optional, so a remote built before this field still parses.
   */
  contentVersion: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  /** The contract version (CONTRACT_VERSION) the build was made for. Optional: older builds do not say. */
  contractVersion: z.optional(z.number()),
  /**
   * The shared singletons the build was made against: the version it bundles (installed at build time)
   * and the range it requires of the copy the page uses (`compatibilityProblems`, compat.ts).
   */
  shared: z.optional(z.record(z.string(), z.object({ version: z.string(), requiredVersion: z.string() }))),
});
export type BuildInfo = z.infer<typeof buildInfoSchema>;

/** A remote's build as the browser loads it: exactly the build the HTML was rendered with. */
export const resolvedRemoteSchema = z.object({
  name: remoteNameSchema,
  /** The build's own remoteEntry file: content-hashed, so it names exactly one build. */
  entry: z.string(),
  /** The entry's Subresource Integrity digest, from its release: the browser runs the entry only with those bytes. */
  integrity: z.optional(z.string().check(z.regex(/^sha(256|384|512)-[A-Za-z0-9+/]{43,86}={0,2}$/))),
  buildId: z.string(),
  version: z.string(),
});
export type ResolvedRemote = z.infer<typeof resolvedRemoteSchema>;
