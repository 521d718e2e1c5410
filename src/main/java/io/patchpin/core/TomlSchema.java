package io.patchpin.core;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The keys a TOML file of patchpin may hold: a declared set of keys per
 * table, checked once by {@link TomlDocument#require} before any reader looks
 * at a value, so a typo is refused the same way in every file (patchset,
 * pins, lock) and in every table of it. The readers check the values' types.
 */
public sealed interface TomlSchema {

    /** Keys longer than this get no "did you mean" hint (see {@link #nearest}). */
    int LONGEST_TYPO = 64;

    /** A plain value (string, number, boolean, array of values): its reader checks its type. */
    TomlSchema VALUE = new Value();

    record Value() implements TomlSchema {}

    /** A table with exactly these keys (each optional here; readers say which are required). */
    record Table(SortedMap<String, TomlSchema> keys) implements TomlSchema {
        public Table {
            keys = new TreeMap<>(keys);
        }

        /** This table's keys plus {@code more}. */
        public Table with(Map<String, TomlSchema> more) {
            TreeMap<String, TomlSchema> all = new TreeMap<>(keys);
            all.putAll(more);
            return new Table(all);
        }
    }

    /** {@code [[name]]}: an array of tables of one schema. */
    record ArrayOf(TomlSchema element) implements TomlSchema {
        public ArrayOf {
            Objects.requireNonNull(element, "element");
        }
    }

    /** A table whose keys are names the user chooses ({@code [env]}, {@code [override."path"]}), each holding {@code value}. */
    record MapOf(TomlSchema value) implements TomlSchema {
        public MapOf {
            Objects.requireNonNull(value, "value");
        }
    }

    /**
     * A table whose keys depend on the value of one of its keys ({@code kind}
     * of a patchset entry); a value not listed is left to its reader to refuse.
     */
    record Variant(String key, SortedMap<String, Table> tables) implements TomlSchema {
        public Variant {
            Objects.requireNonNull(key, "key");
            tables = new TreeMap<>(tables);
        }
    }

    /** What a file holds: its format version and its top-level table. */
    record File(int format, Table root) {
        public File {
            Objects.requireNonNull(root, "root");
        }
    }

    static Table values(String... keys) {
        return new Table(Arrays.stream(keys).collect(Collectors.toMap(k -> k, k -> VALUE, (a, b) -> a, TreeMap::new)));
    }

    /**
     * The known key nearest to {@code key} (fewest single-character edits, transpositions counting one, as a typo
     * does), the first in sorted order on a tie; empty when there is none, or when {@code key} is longer than
     * {@value #LONGEST_TYPO} characters: no known key is a typo away, and measuring costs by its length (a 2 MB key
     * took seconds).
     */
    static Optional<String> nearest(String key, List<String> known) {
        if (key.length() > LONGEST_TYPO) {
            return Optional.empty();
        }
        // min keeps the first of equally near keys
        return known.stream().sorted().min(Comparator.comparingInt(k -> distance(key, k)));
    }

    /** Optimal string alignment distance (Damerau-Levenshtein without repeated edits of a substring). */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
