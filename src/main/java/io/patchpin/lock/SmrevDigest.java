package io.patchpin.lock;

/**
 * What TheRock's {@code build_tools/fetch_sources.py} writes into
 * {@code .<dir>.smrev} beside a patched component: the URL, then
 * {@code <gitlink>+PATCHED:<sha1>} where sha1 runs over the concatenated
 * bytes of {@code patches/<tag>/<project>/*.patch} in sorted name order.
 *
 * @param tag       the patch tag folder, e.g. "amd-mainline"
 * @param project   the submodule name the patch folder is named after
 * @param component the component's path
 * @param patches   how many patch files
 * @param sha1      hex sha1 of the concatenated patch files
 * @param revision  the second line of the .smrev file: {@code <commit>+PATCHED:<sha1>}
 */
public record SmrevDigest(String tag, String project, String component, int patches, String sha1, String revision) {}
