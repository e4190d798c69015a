import Testing
import TensorCore

/// Determinism, and golden values from an independent Python implementation of SplitMix64-seeded
/// xoshiro256** (so a change of algorithm or platform drift fails here, not in a model's accuracy).
@Suite struct SeededGeneratorTests {
    @Test func sameSeedSameSequence() {
        var a = SeededGenerator(seed: 42), b = SeededGenerator(seed: 42)
        #expect((0..<100).map { _ in a.next() } == (0..<100).map { _ in b.next() })
        var c = SeededGenerator(seed: 43)
        var d = SeededGenerator(seed: 42)
        #expect(c.next() != d.next())
    }

    @Test func goldenRawValues() {
        var zero = SeededGenerator(seed: 0)
        #expect((0..<4).map { _ in zero.next() } == [0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0, 0x6AA5_94F1_262D_2D2C])
        var fortyTwo = SeededGenerator(seed: 42)
        #expect((0..<4).map { _ in fortyTwo.next() } == [0x1578_0B2E_0C2E_C716, 0x6104_D986_6D11_3A7E, 0xAE17_5332_39E4_99A1, 0xECB8_AD47_03B3_60A1])
    }

    @Test func goldenDerivedDraws() {
        var uniform = SeededGenerator(seed: 42)
        #expect((0..<3).map { _ in uniform.nextUniform() } == [0.08386297105988216, 0.3789802506626686, 0.6800434110281394])
        var integers = SeededGenerator(seed: 7)
        #expect((0..<10).map { _ in integers.nextInt(below: 10) } == [7, 2, 8, 9, 9, 8, 0, 1, 4, 1])
        var normal = SeededGenerator(seed: 42)
        let expected = [-1.6132237513849161, 0.7816920450573489, 0.015871293375984964]
        for value in expected {
            let draw = normal.nextNormal()
            #expect(abs(draw - value) < 1e-12, "libm may differ in the last bits, not more")
        }
    }

    @Test func drawsStayInRange() {
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<1_000 {
            let u = generator.nextUniform(in: -2, 5)
            #expect(u >= -2 && u < 5)
            #expect((0..<3).contains(generator.nextInt(below: 3)))
        }
        var tensorGenerator = SeededGenerator(seed: 4)
        let t = Tensor(uniform: [50], in: 0...0.5, using: &tensorGenerator)
        #expect(t.scalars.allSatisfy { $0 >= 0 && $0 <= 0.5 })
        let xavier = Tensor(xavier: [4, 8], using: &tensorGenerator)
        #expect(xavier.scalars.allSatisfy { abs($0) <= 0.708 })
    }

    @Test func splitStreamsAreIndependentAndDeterministic() {
        let parent = SeededGenerator(seed: 9)
        var first = parent.split(1), again = parent.split(1), second = parent.split(2)
        let a = (0..<8).map { _ in first.next() }
        #expect(a == (0..<8).map { _ in again.next() })
        #expect(a != (0..<8).map { _ in second.next() })
        #expect(parent == SeededGenerator(seed: 9))
    }

    @Test func normalDrawsHaveUnitMoments() {
        var generator = SeededGenerator(seed: 11)
        let draws = (0..<20_000).map { _ in generator.nextNormal() }
        let mean = draws.reduce(0, +) / Double(draws.count)
        let variance = draws.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(draws.count)
        #expect(abs(mean) < 0.03 && abs(variance - 1) < 0.04)
    }
}
