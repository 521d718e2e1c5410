package io.patchpin.lockexport;

/**
 * One repository a lock pins, as exported: the superproject, a component, or another pins root (pytorch, vllm, ...)
 * beside them.
 *
 * @param label  what messages call it: the component path, or "root NAME"
 * @param path   the component path ("." for the superproject), null for another root
 * @param name   the submodule name, the root's name, or the superproject's repository name
 * @param parent the parent component's path, null for roots
 * @param url    where it is fetched from, or null when the lock does not say
 * @param ref    the branch (components) or ref (roots), or null
 * @param commit the 40-hex commit, or null for a root locked without a local clone
 * @param override whether a pins override replaced the parent's gitlink
 */
public record ExportSource(
        String label,
        String path,
        String name,
        String parent,
        String url,
        String ref,
        String commit,
        boolean override) {

    public boolean isSuperproject() {
        return ".".equals(path);
    }

    public boolean isComponent() {
        return path != null && !isSuperproject();
    }

    /** Why a format that fetches from the URL leaves this source out: no commit, no URL, else {@code badUrl}. */
    String unfetchable(String badUrl) {
        return commit == null ? "no commit locked" : url == null ? "no URL in the lock (give one with --url)" : badUrl;
    }
}
