package io.patchpin.bisect;

import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.revwalk.RevCommit;

import java.time.format.DateTimeFormatter;

/**
 * A superproject commit as reports show it.
 *
 * @param id      40-hex commit
 * @param date    ISO-8601 author date with the author's offset
 * @param subject first line of the message
 * @param author  "Name <mail>"
 */
public record LineCommit(String id, String date, String subject, String author) {
    public static LineCommit of(RevCommit c) {
        PersonIdent a = c.getAuthorIdent();
        return new LineCommit(c.name(),
                DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(a.getWhenAsInstant().atOffset(a.getZoneOffset())),
                c.getShortMessage(), a.getName() + " <" + a.getEmailAddress() + ">");
    }
}
