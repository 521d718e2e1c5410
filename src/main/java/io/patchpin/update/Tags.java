package io.patchpin.update;

import io.patchpin.core.BadInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;

/** {@code --to-tag GLOB}: the newest tag whose name matches, in version order ({@code 7.9 < 7.10}). */
final class Tags {
    private static final Pattern RUN = Pattern.compile("\\d+|\\D+");

    private Tags() {}

    static ObjectId newest(Repository repo, String glob) {
        Pattern p = glob(glob);
        try {
            List<Ref> tags = repo.getRefDatabase().getRefsByPrefix(Constants.R_TAGS);
            Ref best = tags.stream()
                    .filter(t -> p.matcher(t.getName().substring(Constants.R_TAGS.length()))
                            .matches())
                    .max(Comparator.comparing(t -> t.getName().substring(Constants.R_TAGS.length()), Tags::compare))
                    .orElseThrow(() -> new BadInputException("--to-tag", 0, "no tag matches '" + glob + "'"));
            return repo.resolve(best.getName() + "^{commit}");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the tags of " + repo.getDirectory(), e);
        }
    }

    /** {@code *} any run of characters, {@code ?} one; everything else literal. */
    static Pattern glob(String glob) {
        return Pattern.compile(Arrays.stream(glob.split("(?=[*?])|(?<=[*?])"))
                .map(part -> part.equals("*") ? ".*" : part.equals("?") ? "." : Pattern.quote(part))
                .collect(Collectors.joining()));
    }

    /** Runs of digits compare as numbers, other runs as text. */
    static int compare(String a, String b) {
        Matcher x = RUN.matcher(a);
        Matcher y = RUN.matcher(b);
        while (x.find() && y.find()) {
            String s = x.group();
            String t = y.group();
            boolean digits = Character.isDigit(s.charAt(0)) && Character.isDigit(t.charAt(0));
            int c = digits ? new BigInteger(s).compareTo(new BigInteger(t)) : s.compareTo(t);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.length(), b.length());
    }
}
