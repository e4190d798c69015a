// The LSTM kernels, written once over a vector of LANES floats and instantiated by LSTMInference.c
// for each instruction set (AVX-512, AVX2 + FMA, NEON, portable C): include after
// CTensorCoreKernels' _VectorISABegin.h and _VectorActivations.h (the vector operations and the
// activations, shared with TensorCore's vector math, so both round the same way).
//
// Every lane goes through the same IEEE single-precision operations in the same order whatever
// LANES is, so the instantiations give bit-identical results on finite inputs (a NaN stays NaN,
// its sign bit may differ); the tests hold the fast ones to that against the portable one.

/// The cell update of WIDTH units from their gate pre-activations (WIDTH contiguous values each):
/// `c = σ(f)⊙c + σ(i)⊙tanh(g)`, `h = σ(o)⊙tanh(c)`, h also stored to `hiddenCopy` when it is not
/// NULL (a step's output row: no copy call per step). When `activated` is not NULL it receives the
/// activated gates (four rows of WIDTH: i, f, g, o) and `tanhCell` tanh(c), for the backward pass.
static inline KERNEL_ATTRIBUTES void NAME(cellUpdate)(const float *gi, const float *gf, const float *gg, const float *go,
                                                      const float *previousCell, float *cell, float *hidden, float *hiddenCopy,
                                                      float *activated[4], float *tanhCell) {
    VECTOR i[BLOCKS], f[BLOCKS], g[BLOCKS], o[BLOCKS];
    EACH i[b] = V_LOAD(gi + LANES * b), f[b] = V_LOAD(gf + LANES * b);
    EACH g[b] = V_LOAD(gg + LANES * b), o[b] = V_LOAD(go + LANES * b);
    NAME(sigmoid)(i);
    NAME(sigmoid)(f);
    NAME(hyperbolicTangent)(g);
    NAME(sigmoid)(o);
    if (activated) {
        EACH V_STORE(activated[0] + LANES * b, i[b]), V_STORE(activated[1] + LANES * b, f[b]);
        EACH V_STORE(activated[2] + LANES * b, g[b]), V_STORE(activated[3] + LANES * b, o[b]);
    }
    EACH f[b] = V_FMADD(f[b], V_LOAD(previousCell + LANES * b), V_MUL(i[b], g[b]));
    EACH V_STORE(cell + LANES * b, f[b]);
    NAME(hyperbolicTangent)(f);
    if (tanhCell) {
        EACH V_STORE(tanhCell + LANES * b, f[b]);
    }
    EACH o[b] = V_MUL(o[b], f[b]);
    EACH V_STORE(hidden + LANES * b, o[b]);
    if (hiddenCopy) {
        EACH V_STORE(hiddenCopy + LANES * b, o[b]);
    }
}

/// The cell update of `h` units (any count) of one sequence: `cellUpdate` on full blocks, then the
/// last `h % WIDTH` units zero-padded; h also goes to `hiddenCopy` unless it is NULL. `gates` holds
/// the pre-activations `[i f g o]` (4h values); with `storesActivations` they are replaced by the
/// activated gates and `tanhCell` gets tanh(c). `cell` may be `previousCell`.
static inline KERNEL_ATTRIBUTES void NAME(cellForward)(float *gates, const float *previousCell, float *cell, float *tanhCell,
                                                       float *hidden, float *hiddenCopy, size_t h, int storesActivations) {
    size_t j = 0;
    for (; j + WIDTH <= h; j += WIDTH) {
        float *activated[4] = {gates + j, gates + h + j, gates + 2 * h + j, gates + 3 * h + j};
        NAME(cellUpdate)(gates + j, gates + h + j, gates + 2 * h + j, gates + 3 * h + j, previousCell + j, cell + j,
                         hidden + j, hiddenCopy ? hiddenCopy + j : NULL, storesActivations ? activated : NULL,
                         storesActivations ? tanhCell + j : NULL);
    }
    if (j < h) {
        float padded[12][WIDTH];
        memset(padded, 0, sizeof padded);
        const size_t tail = h - j;
        for (size_t lane = 0; lane < tail; lane++) {
            padded[0][lane] = gates[j + lane], padded[1][lane] = gates[h + j + lane];
            padded[2][lane] = gates[2 * h + j + lane], padded[3][lane] = gates[3 * h + j + lane];
            padded[4][lane] = previousCell[j + lane];
        }
        float *activated[4] = {padded[8], padded[9], padded[10], padded[11]};
        NAME(cellUpdate)(padded[0], padded[1], padded[2], padded[3], padded[4], padded[5], padded[6], NULL, activated, padded[7]);
        for (size_t lane = 0; lane < tail; lane++) {
            cell[j + lane] = padded[5][lane], hidden[j + lane] = padded[6][lane];
            if (hiddenCopy) hiddenCopy[j + lane] = padded[6][lane];
            if (storesActivations) {
                tanhCell[j + lane] = padded[7][lane];
                for (int gate = 0; gate < 4; gate++) gates[gate * h + j + lane] = padded[8 + gate][lane];
            }
        }
    }
}

/// The backward pass of the cell update of WIDTH units (see `cellBackward`).
static inline KERNEL_ATTRIBUTES void NAME(cellGradient)(const float *gates, size_t h, const float *previousCell,
                                                        const float *tanhCell, const float *dHidden, float *dCell,
                                                        float *dGates) {
    const VECTOR one = V_SET1(1.0f);
    EACH {
        const size_t at = LANES * b;
        const VECTOR i = V_LOAD(gates + at), f = V_LOAD(gates + h + at), g = V_LOAD(gates + 2 * h + at);
        const VECTOR o = V_LOAD(gates + 3 * h + at), t = V_LOAD(tanhCell + at), dh = V_LOAD(dHidden + at);
        // dc = dCell + dh·o·(1 - t²)
        const VECTOR dc = V_FMADD(V_MUL(dh, o), V_FNMADD(t, t, one), V_LOAD(dCell + at));
        V_STORE(dGates + at, V_MUL(V_MUL(dc, g), V_MUL(i, V_SUB(one, i))));
        V_STORE(dGates + h + at, V_MUL(V_MUL(dc, V_LOAD(previousCell + at)), V_MUL(f, V_SUB(one, f))));
        V_STORE(dGates + 2 * h + at, V_MUL(V_MUL(dc, i), V_FNMADD(g, g, one)));
        V_STORE(dGates + 3 * h + at, V_MUL(V_MUL(dh, t), V_MUL(o, V_SUB(one, o))));
        V_STORE(dCell + at, V_MUL(dc, f));
    }
}

/// One sequence's cell backward pass over `h` units: on entry `dHidden` is ∂L/∂h_t and `dCell`
/// ∂L/∂c_t from later steps; on exit `dCell` holds ∂L/∂c_{t-1} and `dGates` (4h) the gradient
/// with respect to the pre-activations [i f g o]. `gates` are the activated gates, `tanhCell`
/// tanh(c_t), `previousCell` c_{t-1}.
static inline KERNEL_ATTRIBUTES void NAME(cellBackward)(const float *gates, const float *previousCell, const float *tanhCell,
                                                        const float *dHidden, float *dCell, float *dGates, size_t h) {
    size_t j = 0;
    for (; j + WIDTH <= h; j += WIDTH) {
        NAME(cellGradient)(gates + j, h, previousCell + j, tanhCell + j, dHidden + j, dCell + j, dGates + j);
    }
    if (j < h) {
        float padded[4 * WIDTH + 5 * WIDTH + 4 * WIDTH];
        memset(padded, 0, sizeof padded);
        float *g = padded, *inputs = padded + 4 * WIDTH, *d = padded + 9 * WIDTH;
        const size_t tail = h - j;
        for (size_t lane = 0; lane < tail; lane++) {
            for (int gate = 0; gate < 4; gate++) g[gate * WIDTH + lane] = gates[gate * h + j + lane];
            inputs[lane] = previousCell[j + lane], inputs[WIDTH + lane] = tanhCell[j + lane];
            inputs[2 * WIDTH + lane] = dHidden[j + lane], inputs[3 * WIDTH + lane] = dCell[j + lane];
        }
        NAME(cellGradient)(g, WIDTH, inputs, inputs + WIDTH, inputs + 2 * WIDTH, inputs + 3 * WIDTH, d);
        for (size_t lane = 0; lane < tail; lane++) {
            for (int gate = 0; gate < 4; gate++) dGates[gate * h + j + lane] = d[gate * WIDTH + lane];
            dCell[j + lane] = inputs[3 * WIDTH + lane];
        }
    }
}

/// y[0..<8·LANES] = y0[0..<8·LANES] + Σ_k v[k]·w[k·ld + 0..<8·LANES]: eight accumulators, one
/// broadcast per row (`y0` may be `y`).
static inline KERNEL_ATTRIBUTES void NAME(multiplyAddBlock)(const float *w, size_t ld, const float *v, size_t rows, const float *y0, float *y) {
    VECTOR a0 = V_LOAD(y0), a1 = V_LOAD(y0 + LANES), a2 = V_LOAD(y0 + 2 * LANES), a3 = V_LOAD(y0 + 3 * LANES);
    VECTOR a4 = V_LOAD(y0 + 4 * LANES), a5 = V_LOAD(y0 + 5 * LANES), a6 = V_LOAD(y0 + 6 * LANES), a7 = V_LOAD(y0 + 7 * LANES);
    for (size_t k = 0; k < rows; k++, w += ld) {
        const VECTOR b = V_BROADCAST(v + k);
        a0 = V_FMADD(b, V_LOAD(w), a0);
        a1 = V_FMADD(b, V_LOAD(w + LANES), a1);
        a2 = V_FMADD(b, V_LOAD(w + 2 * LANES), a2);
        a3 = V_FMADD(b, V_LOAD(w + 3 * LANES), a3);
        a4 = V_FMADD(b, V_LOAD(w + 4 * LANES), a4);
        a5 = V_FMADD(b, V_LOAD(w + 5 * LANES), a5);
        a6 = V_FMADD(b, V_LOAD(w + 6 * LANES), a6);
        a7 = V_FMADD(b, V_LOAD(w + 7 * LANES), a7);
    }
    V_STORE(y, a0), V_STORE(y + LANES, a1), V_STORE(y + 2 * LANES, a2), V_STORE(y + 3 * LANES, a3);
    V_STORE(y + 4 * LANES, a4), V_STORE(y + 5 * LANES, a5), V_STORE(y + 6 * LANES, a6), V_STORE(y + 7 * LANES, a7);
}

/// y[0..<columns] = y0[0..<columns] + Σ_k v[k]·w[k·ld + 0..<columns] (vᵀ·W for a row-major W;
/// `y0` may be `y`). Each y[j] is one chain of fused multiply-adds over k in order from y0[j],
/// whatever the blocking.
static inline KERNEL_ATTRIBUTES void NAME(multiplyAdd)(const float *w, size_t ld, const float *v, size_t rows, size_t columns,
                                                       const float *y0, float *y) {
    size_t j = 0;
    for (; j + 8 * LANES <= columns; j += 8 * LANES) NAME(multiplyAddBlock)(w + j, ld, v, rows, y0 + j, y + j);
    for (; j + LANES <= columns; j += LANES) {
        VECTOR a = V_LOAD(y0 + j);
        for (size_t k = 0; k < rows; k++) a = V_FMADD(V_BROADCAST(v + k), V_LOAD(w + k * ld + j), a);
        V_STORE(y + j, a);
    }
    for (; j < columns; j++) {
        float sum = y0[j];
        for (size_t k = 0; k < rows; k++) sum = __builtin_fmaf(v[k], w[k * ld + j], sum);
        y[j] = sum;
    }
}

/// The input projection of one step into `gates` (4h): bias + W_ih·x, the bias read straight into
/// the accumulators.
static inline KERNEL_ATTRIBUTES void NAME(inputProjection)(const float *weights, const float *bias, const float *x,
                                                           size_t inputSize, size_t gateCount, float *gates) {
    NAME(multiplyAdd)(weights, gateCount, x, inputSize, gateCount, bias, gates);
}

/// `odml_lstm_layer_inference` (CNeuralNetKernels.h) on this instruction set. The input
/// projection of step t + 1 is issued right after step t's cell update, whose long dependency
/// chains (exponentials, divisions) it overlaps: it needs no hidden state. (Each gate value still
/// sums bias, then W_ih·x, then W_hh·h, in that order.)
static KERNEL_ATTRIBUTES void NAME(layer_inference)(const float *input, size_t steps, size_t input_size, size_t hidden_size,
                                                    const float *weights, const float *bias, float *hidden, float *cell,
                                                    float *gates, float *outputs) {
    const size_t h = hidden_size, gateCount = 4 * hidden_size;
    if (steps == 0) return;
    const float *recurrent = weights + input_size * gateCount;
    // Every input is read before the first output is written (outputs may alias input).
    NAME(inputProjection)(weights, bias, input, input_size, gateCount, gates);
    for (size_t step = 0; step < steps; step++) {
        float *g = gates + step * gateCount;
        NAME(multiplyAdd)(recurrent, gateCount, hidden, h, gateCount, g, g);
        NAME(cellForward)(g, cell, cell, NULL, hidden, outputs ? outputs + step * h : NULL, h, 0);
        if (step + 1 < steps) NAME(inputProjection)(weights, bias, input + (step + 1) * input_size, input_size, gateCount, g + gateCount);
    }
}

/// `odml_lstm_cell_forward` (CNeuralNetKernels.h) on this instruction set.
static KERNEL_ATTRIBUTES void NAME(cell_forward)(float *gates, const float *previous_cell, float *cell, float *tanh_cell,
                                                 float *hidden, size_t hidden_size, size_t batch) {
    const size_t h = hidden_size;
    for (size_t sequence = 0; sequence < batch; sequence++) {
        NAME(cellForward)(gates + sequence * 4 * h, previous_cell + sequence * h, cell + sequence * h,
                          tanh_cell ? tanh_cell + sequence * h : NULL, hidden + sequence * h, NULL, h, tanh_cell != NULL);
    }
}

/// `odml_lstm_cell_backward` (CNeuralNetKernels.h) on this instruction set.
static KERNEL_ATTRIBUTES void NAME(cell_backward)(const float *gates, const float *previous_cell, const float *tanh_cell,
                                                  const float *d_hidden, float *d_cell, float *d_gates, size_t hidden_size,
                                                  size_t batch, const float *weights, float *weighted_sum) {
    const size_t h = hidden_size, g = 4 * hidden_size;
    for (size_t sequence = 0; sequence < batch; sequence++) {
        float *row = d_gates + sequence * g;
        NAME(cellBackward)(gates + sequence * g, previous_cell + sequence * h, tanh_cell + sequence * h,
                           d_hidden + sequence * h, d_cell + sequence * h, row, h);
        if (!weighted_sum) continue;
        // weighted_sum += weights[sequence] · row, while the row is in cache.
        const VECTOR w = V_BROADCAST(weights + sequence);
        size_t k = 0;
        for (; k + LANES <= g; k += LANES) V_STORE(weighted_sum + k, V_FMADD(w, V_LOAD(row + k), V_LOAD(weighted_sum + k)));
        for (; k < g; k++) weighted_sum[k] = __builtin_fmaf(weights[sequence], row[k], weighted_sum[k]);
    }
}

/// `odml_lstm_activations` (CNeuralNetKernels.h) on this instruction set.
static KERNEL_ATTRIBUTES void NAME(activations)(const float *x, float *sigmoid_output, float *tanh_output, size_t count) {
    for (size_t k = 0; k < count; k += WIDTH) {
        float padded[3][WIDTH] = {{0}};
        const size_t width = count - k < WIDTH ? count - k : WIDTH;
        memcpy(padded[0], x + k, width * sizeof(float));
        VECTOR s[BLOCKS], t[BLOCKS];
        EACH s[b] = t[b] = V_LOAD(padded[0] + LANES * b);
        NAME(sigmoid)(s);
        NAME(hyperbolicTangent)(t);
        EACH V_STORE(padded[1] + LANES * b, s[b]), V_STORE(padded[2] + LANES * b, t[b]);
        memcpy(sigmoid_output + k, padded[1], width * sizeof(float));
        memcpy(tanh_output + k, padded[2], width * sizeof(float));
    }
}

static const odml_lstm_kernels NAME(lstm_kernels) = {
    NAME(layer_inference), NAME(cell_forward), NAME(cell_backward), NAME(activations),
};
