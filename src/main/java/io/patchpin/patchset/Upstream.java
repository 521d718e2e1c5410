package io.patchpin.patchset;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where an entry stands upstream: {@code [entry.upstream]} in patchset.toml. Provenance, not part of the edit: it is
 * left out of the entry's definition digest, so moving an entry from "submitted" to "merged" needs no reseal (the
 * lockfile's patchset digest, taken over the file's bytes, still shows the change).
 *
 * @param status where the change stands, empty when the entry has no upstream record
 * @param url    the pull request, review or mailing-list thread, or ""
 * @param commit the upstream commit (7 to 40 hex, lower case) that contains the change, or ""
 */
public record Upstream(Optional<Status> status, String url, String commit) {
    public static final Upstream NONE = new Upstream(Optional.empty(), "", "");

    private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{7,40}");
    /** An http(s) URL without spaces: an upstream record's url and an entry's links. */
    public static final Pattern URL = Pattern.compile("https?://[^\\s/]+\\S*");

    /** The words of DEP-3 / Yocto's Upstream-Status, in patchset.toml's spelling. */
    public enum Status {
        PENDING,
        SUBMITTED,
        MERGED,
        BACKPORT,
        INAPPROPRIATE;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The status spelled {@code word}, any case, or empty. */
        public static Optional<Status> parse(String word) {
            String w = word.trim().toLowerCase(Locale.ROOT);
            return Arrays.stream(values()).filter(s -> s.word().equals(w)).findFirst();
        }
    }

    /** A record that cannot be: the key that is wrong ("status", "url" or "commit"), and why in words. */
    public static final class Invalid extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final String key;

        Invalid(String key, String message) {
            super(message);
            this.key = key;
        }

        public String key() {
            return key;
        }
    }

    public Upstream {
        url = url == null ? "" : url;
        commit = commit == null ? "" : commit.toLowerCase(Locale.ROOT);
        if (status.isEmpty() && !(url.isEmpty() && commit.isEmpty())) {
            throw new Invalid("status", "upstream url or commit without a status");
        }
        if (!commit.isEmpty() && !COMMIT.matcher(commit).matches()) {
            throw new Invalid("commit", "upstream commit '" + commit + "' must be 7 to 40 hex digits");
        }
        if (!url.isEmpty() && !URL.matcher(url).matches()) {
            throw new Invalid("url", "upstream url '" + url + "' is not an http(s) URL");
        }
    }

    /**
     * A record from loose parts (command-line options, mail trailers): the status defaults to "merged" when a commit is
     * named, else "submitted" when a URL is; all three absent give {@link #NONE}.
     */
    public static Upstream of(String status, String url, String commit) {
        boolean noUrl = url == null || url.isEmpty();
        boolean noCommit = commit == null || commit.isEmpty();
        if (status == null || status.isEmpty()) {
            if (noUrl && noCommit) {
                return NONE;
            }
            return new Upstream(Optional.of(noCommit ? Status.SUBMITTED : Status.MERGED), url, commit);
        }
        Status s = Status.parse(status)
                .orElseThrow(() -> new Invalid(
                        "status",
                        "upstream status '" + status
                                + "' must be one of pending, submitted, merged, backport, inappropriate"));
        return new Upstream(Optional.of(s), url, commit);
    }

    /** Whether the record names the upstream commit, so a pin can be checked for it. */
    public boolean hasCommit() {
        return !commit.isEmpty();
    }

    /** This record, or {@code other} where this one is absent. */
    public Upstream or(Upstream other) {
        return status.isPresent() ? this : Objects.requireNonNull(other);
    }
}
