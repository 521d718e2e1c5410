package io.patchpin.lockexport;

import io.patchpin.archive.ArchiveMode;
import io.patchpin.archive.Refusal;
import java.util.List;
import java.util.Optional;

/**
 * A Nix file: a function of the fetchers giving one attribute per source, {@code fetchFromGitHub} for github.com URLs
 * (hash of GitHub's archive: export-ignore dropped), else {@code fetchgit} (hash of a checkout). With submodules, every
 * fetcher has {@code fetchSubmodules = true} and the hash covers the submodule trees (a checkout, as fetchgit makes
 * it).
 */
final class NixFormat {
    private NixFormat() {}

    static String render(
            List<ExportSource> sources, Hasher hasher, boolean submodules, String header, List<String> problems) {
        List<String> ids = Names.unique(sources, Names::nix);
        StringBuilder b = new StringBuilder(header);
        b.append("# Hashes are computed from the git objects; a source without one is named in a comment.\n");
        b.append("{ fetchFromGitHub, fetchgit }:\n{\n");
        for (int i = 0; i < sources.size(); i++) {
            source(b, sources.get(i), ids.get(i), hasher, submodules, problems);
        }
        return b.append("}\n").toString();
    }

    /** One source's attribute, or a comment naming why it has none. */
    private static void source(
            StringBuilder b, ExportSource s, String id, Hasher hasher, boolean submodules, List<String> problems) {
        Optional<GitHubUrl> gh = GitHubUrl.parse(s.url());
        ArchiveMode mode = gh.isPresent() && !submodules ? ArchiveMode.EXPORT : ArchiveMode.CHECKOUT;
        String hash;
        try {
            hash = hasher.nar(s, mode, submodules);
        } catch (Refusal r) {
            comment(b, id, s, r.getMessage(), problems);
            return;
        }
        if (s.url() == null) {
            // the hash needs only the objects; the URL is the user's to give (--url), and until then
            // evaluating the source says so instead of fetching from nowhere
            b.append("  # " + s.label().replace('\n', ' ') + ": no URL in the lock (give one with --url "
                    + (s.path() == null ? "PATH" : s.path()) + "=URL)\n");
            b.append("  " + id + " = fetchgit {\n");
            b.append("    url = throw " + string("patchpin: no URL for " + s.label() + " in the lock") + ";\n");
        } else if (gh.isPresent()) {
            b.append("  " + id + " = fetchFromGitHub {\n");
            field(b, "owner", gh.get().owner());
            field(b, "repo", gh.get().repo());
        } else {
            b.append("  " + id + " = fetchgit {\n");
            field(b, "url", s.url());
        }
        field(b, "rev", s.commit());
        if (submodules) {
            b.append("    fetchSubmodules = true;\n");
        }
        field(b, "hash", hash);
        b.append("  };\n");
    }

    private static void comment(StringBuilder b, String id, ExportSource s, String why, List<String> problems) {
        problems.add(s.label() + ": no hash: " + why);
        b.append("  # " + id + " (" + s.label().replace('\n', ' ') + ", rev "
                + (s.commit() == null ? "unknown" : s.commit()) + "): no hash: " + why.replace('\n', ' ') + "\n");
    }

    private static void field(StringBuilder b, String key, String value) {
        b.append("    ").append(key).append(" = ").append(string(value)).append(";\n");
    }

    /** A Nix string literal: backslash, double quote and {@code ${} escaped. */
    static String string(String s) {
        return "\""
                + s.replace("\\", "\\\\")
                        .replace("\"", "\\\"")
                        .replace("${", "\\${")
                        .replace("\n", "\\n") + "\"";
    }
}
