// The tools umbrella: `import OnDeviceML` gives every public module of the package — both apps'
// runtimes (`ShifAIRuntime`, `ElaroRuntime`), the learners and their kernels' Swift faces, plus
// the lab and the tools.
@_exported import ShifAIRuntime
@_exported import ElaroRuntime
@_exported import TensorCore
@_exported import NeuralNet
@_exported import BoostedTrees
@_exported import Bandits
@_exported import ExplanationAdapters
@_exported import CyclesLab
@_exported import PersonalizationLab
@_exported import ElaroLab
@_exported import Validation
#if Exports
@_exported import ModelExport  // the package trait Exports (on by default)
#endif
