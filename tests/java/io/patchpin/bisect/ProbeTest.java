package io.patchpin.bisect;

import static io.patchpin.testkit.Asserts.assertThat;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ProbeTest {
    /** 0 up to 300, 1 up to 301 (a change between two close commits), 2 from 700 on. */
    private static int value(int i) {
        return i < 300 ? 0 : i < 301 ? 1 : i < 700 ? 1 : 2;
    }

    @Test
    void firstFindsTheStepInLogarithmicChecks() {
        Probe<Integer> p = new Probe<>(ProbeTest::value);
        p.at(0);
        p.at(999);
        assertThat(p.first(0, 999, v -> v == 2)).isEqualTo(700);
        assertThat(p.checks()).isLessThanOrEqualTo(2 + 10);
    }

    @Test
    void refinePinsEveryChangeBetweenSamplesToItsCommit() {
        Probe<Integer> p = new Probe<>(ProbeTest::value);
        for (int i = 0; i < 1000; i += 97) {
            p.at(i);
        }
        p.refine(0, 999, Integer::equals);
        Map<Integer, Integer> expected = new TreeMap<>(Map.of(300, 1, 700, 2));
        assertThat(p.changes(Integer::equals)).isEqualTo(expected);
        assertThat(p.checks()).isLessThan(11 + 2 * 7 + 2);
    }

    @Test
    void refineChecksTheMiddleOfATwoCommitGap() {
        Probe<Integer> p = new Probe<>(i -> i < 8 ? 0 : 1);
        p.refine(0, 9, Integer::equals);
        assertThat(p.changes(Integer::equals)).containsOnlyKeys(8);
    }
}
