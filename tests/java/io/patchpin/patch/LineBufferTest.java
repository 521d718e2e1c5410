package io.patchpin.patch;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The gap buffer against an ArrayList spliced the slow way, over random splices in both directions. */
class LineBufferTest {
    @Test
    void randomSplicesAgreeWithAnArrayList() {
        Random random = new Random(12);
        for (int round = 0; round < 200; round++) {
            List<String> start = new ArrayList<>();
            for (int i = random.nextInt(30); i > 0; i--) {
                start.add("l" + i + "\n");
            }
            List<String> expected = new ArrayList<>(start);
            LineBuffer buffer = new LineBuffer(start);
            for (int step = 0; step < 40; step++) {
                int at = random.nextInt(expected.size() + 1);
                int length = random.nextInt(expected.size() - at + 1);
                List<String> replacement = new ArrayList<>();
                for (int i = random.nextInt(6); i > 0; i--) {
                    replacement.add("r" + round + "." + step + "." + i + "\n");
                }
                List<String> region = expected.subList(at, at + length);
                region.clear();
                region.addAll(replacement);
                buffer.splice(at, length, replacement);
                assertThat(buffer).containsExactlyElementsOf(expected);
                assertThat(new FileLines(buffer).lines()).isEqualTo(expected);
            }
        }
    }

    @Test
    void aSpliceOutsideTheLinesIsRefused() {
        LineBuffer buffer = new LineBuffer(List.of("a\n", "b\n"));

        assertThatThrownBy(() -> buffer.splice(1, 2, List.of())).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> buffer.get(2)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
