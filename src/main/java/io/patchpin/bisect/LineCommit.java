package io.patchpin.bisect;

import java.time.format.DateTimeFormatter;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.revwalk.RevCommit;

/**
 * A superproject commit as reports show it.
 *
 * @param id        40-hex commit
 * @param date      ISO-8601 author date with the author's offset
 * @param subject   first line of the message
 * @param author    "Name <mail>"
 * @param committed ISO-8601 committer date with the committer's offset: along a first-parent line it runs forward
 *                  where author dates need not (a rebased or cherry-picked commit keeps its old author date)
 */
public record LineCommit(String id, String date, String subject, String author, String committed) {
    /** A commit whose committer date is its author date. */
    public LineCommit(String id, String date, String subject, String author) {
        this(id, date, subject, author, date);
    }

    public static LineCommit of(RevCommit c) {
        PersonIdent a = c.getAuthorIdent();
        PersonIdent by = c.getCommitterIdent();
        return new LineCommit(
                c.name(), iso(a), c.getShortMessage(), a.getName() + " <" + a.getEmailAddress() + ">", iso(by));
    }

    private static String iso(PersonIdent p) {
        return DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(
                p.getWhenAsInstant().atOffset(p.getZoneOffset()));
    }
}
