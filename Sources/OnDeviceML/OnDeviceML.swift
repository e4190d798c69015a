// The umbrella module: `import OnDeviceML` gives every public module of the package.
@_exported import TensorCore
@_exported import NeuralNet
@_exported import BoostedTrees
@_exported import Bandits
@_exported import Explanations
@_exported import ExplanationAdapters
@_exported import ModelFiles
@_exported import Cycles
@_exported import Personalization
@_exported import Elaro
@_exported import CyclesLab
@_exported import PersonalizationLab
@_exported import ElaroLab
@_exported import Validation
@_exported import ModelExport
