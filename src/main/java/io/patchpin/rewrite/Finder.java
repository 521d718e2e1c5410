package io.patchpin.rewrite;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import io.patchpin.core.BadInputException;
import io.patchpin.core.RegexSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * Locates a find text in a file: literal (non-overlapping, left to right) or an RE2 expression with MULTILINE ('^'/'$'
 * at line ends), linear time. Empty regex matches are skipped: they would edit nothing visible.
 */
public final class Finder {
    private final String literal;
    private final Pattern pattern;
    private final RegexBudget budget;

    private Finder(String literal, Pattern pattern, long regexWork) {
        this.literal = literal;
        this.pattern = pattern;
        this.budget = pattern == null ? null : RegexBudget.of(pattern.pattern(), pattern.groupCount(), regexWork);
    }

    public static Finder literal(String text) {
        return new Finder(text, null, 0);
    }

    /** Compiles an RE2 expression whose searches may take {@code regexWork} units; an invalid one is bad input. */
    public static Finder regex(String expression, long regexWork) {
        RegexSize.problem(expression).ifPresent(p -> {
            throw new BadInputException(null, 0, p);
        });
        try {
            return new Finder(null, Pattern.compile(expression, Pattern.MULTILINE), regexWork);
        } catch (PatternSyntaxException e) {
            throw new BadInputException(
                    null, 0, "invalid RE2 regular expression '" + expression + "': " + e.getMessage());
        }
    }

    public static Finder of(String find, boolean regex, long regexWork) {
        return regex ? regex(find, regexWork) : literal(find);
    }

    public boolean isRegex() {
        return pattern != null;
    }

    public int groupCount() {
        return pattern == null ? 0 : pattern.groupCount();
    }

    public List<Match> locate(String text) {
        return pattern == null ? locateLiteral(text) : locateRegex(text);
    }

    private List<Match> locateLiteral(String text) {
        List<Match> out = new ArrayList<>();
        if (literal.isEmpty()) {
            return out;
        }
        for (int i = text.indexOf(literal); i >= 0; i = text.indexOf(literal, i + literal.length())) {
            out.add(new Match(i, i + literal.length(), List.of(literal)));
        }
        return out;
    }

    /** Refuses (exit 2) an expression too costly for a text of {@code chars} characters; nothing for a literal. */
    public void checkWork(long chars) {
        if (budget != null) {
            budget.checkSearch(chars);
        }
    }

    private List<Match> locateRegex(String text) {
        budget.checkSearch(text.length());
        List<Match> out = new ArrayList<>();
        Matcher m = pattern.matcher(text);
        int from = 0;
        long matched = 0;
        while (from <= text.length() && m.find(from)) {
            if (m.end() == m.start()) {
                from = m.end() + 1;
                continue;
            }
            matched += m.end() - m.start();
            budget.checkGroups(matched);
            List<String> groups = IntStream.rangeClosed(0, m.groupCount())
                    .mapToObj(g -> Objects.requireNonNullElse(m.group(g), ""))
                    .toList();
            out.add(new Match(m.start(), m.end(), groups));
            from = m.end();
        }
        return out;
    }

    /** Whether one line (without terminator) holds the anchor: a literal substring or an RE2 find. */
    public boolean matchesLine(String line) {
        return pattern == null ? line.contains(literal) : pattern.matcher(line).find();
    }

    /** Plain characters of the needle, to look for a similar line when it is missing. */
    public String probe() {
        if (pattern == null) {
            return literal;
        }
        return pattern.pattern().replaceAll("\\\\[a-zA-Z]|[\\\\^$.*+?()\\[\\]{}|]", "");
    }
}
