package io.patchpin.export;

import io.patchpin.patch.EncodedWords;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.Upstream;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What an export writes about an entry into a format's own fields (DEP-3 headers, Upstream-Status, west's merge-*, spec
 * comments). Every exporter reads an entry's metadata through this record only, and {@link #of(Entry, Optional)} is the
 * one place that builds it.
 *
 * @param id     the entry id (names the patch file)
 * @param why    the entry's why, or ""
 * @param author "Name &lt;mail&gt;" of a format-patch author, or ""
 * @param status upstream state of the edit, when known
 * @param url    upstream pull request, review or commit URL, when known
 * @param commit upstream commit that holds the edit, when known
 * @param links  the entry's links (issues, pull requests, commits), as written
 */
public record ExportMeta(
        String id,
        String why,
        String author,
        Optional<Upstream.Status> status,
        Optional<String> url,
        Optional<String> commit,
        List<String> links) {

    public ExportMeta {
        Objects.requireNonNull(id, "id");
        why = why == null ? "" : why.strip();
        author = author == null ? "" : author.strip();
        Objects.requireNonNull(status, "status");
        url = Objects.requireNonNull(url, "url").filter(u -> !u.isBlank()).map(String::strip);
        commit = Objects.requireNonNull(commit, "commit")
                .filter(c -> !c.isBlank())
                .map(String::strip);
        links = links == null ? List.of() : List.copyOf(links);
    }

    /**
     * The metadata of one entry, its upstream parts from {@code [entry.upstream]}; for a patch whose mail is at
     * hand, the mail's subject and message come first in the why (the subject is what the patch is about; the why,
     * when given, follows).
     */
    public static ExportMeta of(Entry e, Optional<MailParts> mail) {
        String author = EncodedWords.decode(e.author());
        String why = mail.filter(m -> !m.subject().isEmpty())
                .map(m -> join(m.subject(), m.body(), e.why()))
                .orElse(e.why());
        Upstream u = e.upstream();
        return new ExportMeta(
                e.id(), why, author, u.status(), Optional.of(u.url()), Optional.of(u.commit()), e.links());
    }

    /** A mail's subject and message body (trailers included), decoded. */
    public record MailParts(String subject, String body) {}

    private static String join(String subject, String body, String why) {
        StringBuilder b = new StringBuilder(subject.strip());
        for (String part : List.of(body.strip(), why.strip())) {
            if (!part.isEmpty() && !part.equals(subject.strip())) {
                b.append("\n\n").append(part);
            }
        }
        return b.toString();
    }

    /** One line about the edit: the why's first line, else the id. */
    public String summary() {
        return why.isEmpty() ? id : why.lines().findFirst().orElse(id).strip();
    }

    /** The why's lines after the first, as written. */
    public List<String> details() {
        return why.isEmpty() ? List.of() : why.lines().skip(1).toList();
    }

    /** The author's name ("patchpin" when no author is known). */
    public String authorName() {
        int lt = author.indexOf('<');
        String name = lt < 0 ? author : author.substring(0, lt).strip();
        return name.isEmpty() ? "patchpin" : name;
    }

    /** The author's mail ("patchpin@localhost" when no author is known). */
    public String authorMail() {
        int lt = author.indexOf('<');
        int gt = author.indexOf('>', lt + 1);
        String mail = lt < 0 || gt < 0 ? "" : author.substring(lt + 1, gt).strip();
        return mail.contains("@") ? mail : "patchpin@localhost";
    }

    /** {@code upstream: STATUS [URL] [COMMIT]} when the status is known: what a comment says of the upstream side. */
    public Optional<String> upstreamLine() {
        return status.map(s -> "upstream: " + s.word() + url.map(u -> " " + u).orElse("")
                + commit.map(c -> " " + c).orElse(""));
    }

    /** The URL if known, else the commit, else {@code fallback}: where the upstream side can be found. */
    public String where(String fallback) {
        return url.or(() -> commit).orElse(fallback);
    }
}
