"builtin.module"() <{sym_name = "jit_moe"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}, {}], function_type = (tensor<64x8xf32>, tensor<8x64x256xf32>, tensor<8x256x64xf32>, tensor<8x16x64xf32>) -> tensor<8x16x64xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg6: tensor<64x8xf32>, %arg7: tensor<8x64x256xf32>, %arg8: tensor<8x256x64xf32>, %arg9: tensor<8x16x64xf32>):
    %17 = "stablehlo.reshape"(%arg9) : (tensor<8x16x64xf32>) -> tensor<128x64xf32>
    %18 = "stablehlo.dot_general"(%17, %arg6) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<128x64xf32>, tensor<64x8xf32>) -> tensor<128x8xf32>
    %19 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %20 = "stablehlo.reduce"(%18, %19) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg16: tensor<f32>, %arg17: tensor<f32>):
      %86 = "stablehlo.maximum"(%arg16, %arg17) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%86) : (tensor<f32>) -> ()
    }) : (tensor<128x8xf32>, tensor<f32>) -> tensor<128xf32>
    %21 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %22 = "stablehlo.broadcast_in_dim"(%21) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128xf32>
    %23 = "stablehlo.maximum"(%22, %20) : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
    %24 = "stablehlo.broadcast_in_dim"(%23) <{broadcast_dimensions = array<i64: 0>}> : (tensor<128xf32>) -> tensor<128x1xf32>
    %25 = "stablehlo.broadcast_in_dim"(%24) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<128x1xf32>) -> tensor<128x8xf32>
    %26 = "stablehlo.subtract"(%18, %25) : (tensor<128x8xf32>, tensor<128x8xf32>) -> tensor<128x8xf32>
    %27 = "stablehlo.exponential"(%26) : (tensor<128x8xf32>) -> tensor<128x8xf32>
    %28 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %29 = "stablehlo.reduce"(%27, %28) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg14: tensor<f32>, %arg15: tensor<f32>):
      %85 = "stablehlo.add"(%arg14, %arg15) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%85) : (tensor<f32>) -> ()
    }) : (tensor<128x8xf32>, tensor<f32>) -> tensor<128xf32>
    %30 = "stablehlo.broadcast_in_dim"(%29) <{broadcast_dimensions = array<i64: 0>}> : (tensor<128xf32>) -> tensor<128x1xf32>
    %31 = "stablehlo.broadcast_in_dim"(%30) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<128x1xf32>) -> tensor<128x8xf32>
    %32 = "stablehlo.divide"(%27, %31) : (tensor<128x8xf32>, tensor<128x8xf32>) -> tensor<128x8xf32>
    %33:2 = "chlo.top_k"(%32) <{k = 2 : i64}> : (tensor<128x8xf32>) -> (tensor<128x2xf32>, tensor<128x2xi32>)
    %34 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %35 = "stablehlo.reduce"(%33#0, %34) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg12: tensor<f32>, %arg13: tensor<f32>):
      %84 = "stablehlo.add"(%arg12, %arg13) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%84) : (tensor<f32>) -> ()
    }) : (tensor<128x2xf32>, tensor<f32>) -> tensor<128xf32>
    %36 = "stablehlo.broadcast_in_dim"(%35) <{broadcast_dimensions = array<i64: 0>}> : (tensor<128xf32>) -> tensor<128x1xf32>
    %37 = "stablehlo.broadcast_in_dim"(%36) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<128x1xf32>) -> tensor<128x2xf32>
    %38 = "stablehlo.divide"(%33#0, %37) : (tensor<128x2xf32>, tensor<128x2xf32>) -> tensor<128x2xf32>
    %39 = "func.call"(%33#1) <{callee = @_one_hot}> : (tensor<128x2xi32>) -> tensor<128x2x8xf32>
    %40 = "stablehlo.transpose"(%39) <{permutation = array<i64: 1, 0, 2>}> : (tensor<128x2x8xf32>) -> tensor<2x128x8xf32>
    %41 = "stablehlo.reshape"(%40) : (tensor<2x128x8xf32>) -> tensor<256x8xf32>
    %42 = "func.call"(%41) <{callee = @cumsum}> : (tensor<256x8xf32>) -> tensor<256x8xf32>
    %43 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %44 = "stablehlo.broadcast_in_dim"(%43) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<256x8xf32>
    %45 = "stablehlo.subtract"(%42, %44) : (tensor<256x8xf32>, tensor<256x8xf32>) -> tensor<256x8xf32>
    %46 = "stablehlo.reshape"(%45) : (tensor<256x8xf32>) -> tensor<2x128x8xf32>
    %47 = "stablehlo.transpose"(%46) <{permutation = array<i64: 1, 0, 2>}> : (tensor<2x128x8xf32>) -> tensor<128x2x8xf32>
    %48 = "stablehlo.constant"() <{value = dense<4.000000e+01> : tensor<f32>}> : () -> tensor<f32>
    %49 = "stablehlo.broadcast_in_dim"(%48) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x2x8xf32>
    %50 = "stablehlo.compare"(%47, %49) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<128x2x8xf32>, tensor<128x2x8xf32>) -> tensor<128x2x8xi1>
    %51 = "stablehlo.convert"(%50) : (tensor<128x2x8xi1>) -> tensor<128x2x8xf32>
    %52 = "stablehlo.multiply"(%39, %51) : (tensor<128x2x8xf32>, tensor<128x2x8xf32>) -> tensor<128x2x8xf32>
    %53 = "stablehlo.multiply"(%47, %52) : (tensor<128x2x8xf32>, tensor<128x2x8xf32>) -> tensor<128x2x8xf32>
    %54 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %55 = "stablehlo.reduce"(%53, %54) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg10: tensor<f32>, %arg11: tensor<f32>):
      %83 = "stablehlo.add"(%arg10, %arg11) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%83) : (tensor<f32>) -> ()
    }) : (tensor<128x2x8xf32>, tensor<f32>) -> tensor<128x2xf32>
    %56 = "stablehlo.convert"(%55) : (tensor<128x2xf32>) -> tensor<128x2xi32>
    %57 = "func.call"(%56) <{callee = @_one_hot_1}> : (tensor<128x2xi32>) -> tensor<128x2x40xf32>
    %58 = "stablehlo.dot_general"(%52, %57) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<128x2x8xf32>, tensor<128x2x40xf32>) -> tensor<128x8x40xf32>
    %59 = "stablehlo.dot_general"(%38, %52) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<128x2xf32>, tensor<128x2x8xf32>) -> tensor<128x2x8xf32>
    %60 = "stablehlo.dot_general"(%59, %57) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<128x2x8xf32>, tensor<128x2x40xf32>) -> tensor<128x8x40xf32>
    %61 = "stablehlo.dot_general"(%58, %17) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<128x8x40xf32>, tensor<128x64xf32>) -> tensor<8x40x64xf32>
    %62 = "stablehlo.dot_general"(%61, %arg7) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x40x64xf32>, tensor<8x64x256xf32>) -> tensor<8x40x256xf32>
    %63 = "stablehlo.multiply"(%62, %62) : (tensor<8x40x256xf32>, tensor<8x40x256xf32>) -> tensor<8x40x256xf32>
    %64 = "stablehlo.multiply"(%63, %62) : (tensor<8x40x256xf32>, tensor<8x40x256xf32>) -> tensor<8x40x256xf32>
    %65 = "stablehlo.constant"() <{value = dense<4.471500e-02> : tensor<f32>}> : () -> tensor<f32>
    %66 = "stablehlo.broadcast_in_dim"(%65) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x40x256xf32>
    %67 = "stablehlo.multiply"(%66, %64) : (tensor<8x40x256xf32>, tensor<8x40x256xf32>) -> tensor<8x40x256xf32>
    %68 = "stablehlo.add"(%62, %67) : (tensor<8x40x256xf32>, tensor<8x40x256xf32>) -> tensor<8x40x256xf32>
    %69 = "stablehlo.constant"() <{value = dense<0.797884583> : tensor<f32>}> : () -> tensor<f32>
    %70 = "stablehlo.broadcast_in_dim"(%69) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x40x256xf32>
    %71 = "stablehlo.multiply"(%70, %68) : (tensor<8x40x256xf32>, tensor<8x40x256xf32>) -> tensor<8x40x256xf32>
    %72 = "stablehlo.tanh"(%71) : (tensor<8x40x256xf32>) -> tensor<8x40x256xf32>
    %73 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %74 = "stablehlo.broadcast_in_dim"(%73) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x40x256xf32>
    %75 = "stablehlo.add"(%74, %72) : (tensor<8x40x256xf32>, tensor<8x40x256xf32>) -> tensor<8x40x256xf32>
    %76 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %77 = "stablehlo.broadcast_in_dim"(%76) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x40x256xf32>
    %78 = "stablehlo.multiply"(%77, %75) : (tensor<8x40x256xf32>, tensor<8x40x256xf32>) -> tensor<8x40x256xf32>
    %79 = "stablehlo.multiply"(%62, %78) : (tensor<8x40x256xf32>, tensor<8x40x256xf32>) -> tensor<8x40x256xf32>
    %80 = "stablehlo.dot_general"(%79, %arg8) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x40x256xf32>, tensor<8x256x64xf32>) -> tensor<8x40x64xf32>
    %81 = "stablehlo.dot_general"(%60, %80) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2, 1], rhs_contracting_dimensions = [1, 0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<128x8x40xf32>, tensor<8x40x64xf32>) -> tensor<128x64xf32>
    %82 = "stablehlo.reshape"(%81) : (tensor<128x64xf32>) -> tensor<8x16x64xf32>
    "func.return"(%82) : (tensor<8x16x64xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<128x2xi32>) -> tensor<128x2x8xf32>, res_attrs = [{}], sym_name = "_one_hot", sym_visibility = "private"}> ({
  ^bb0(%arg5: tensor<128x2xi32>):
    %11 = "stablehlo.broadcast_in_dim"(%arg5) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<128x2xi32>) -> tensor<128x2x1xi32>
    %12 = "stablehlo.iota"() <{iota_dimension = 2 : i64}> : () -> tensor<1x1x8xi32>
    %13 = "stablehlo.broadcast_in_dim"(%11) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<128x2x1xi32>) -> tensor<128x2x8xi32>
    %14 = "stablehlo.broadcast_in_dim"(%12) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x8xi32>) -> tensor<128x2x8xi32>
    %15 = "stablehlo.compare"(%13, %14) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<128x2x8xi32>, tensor<128x2x8xi32>) -> tensor<128x2x8xi1>
    %16 = "stablehlo.convert"(%15) : (tensor<128x2x8xi1>) -> tensor<128x2x8xf32>
    "func.return"(%16) : (tensor<128x2x8xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<256x8xf32>) -> tensor<256x8xf32>, res_attrs = [{}], sym_name = "cumsum", sym_visibility = "private"}> ({
  ^bb0(%arg4: tensor<256x8xf32>):
    %10 = "func.call"(%arg4) <{callee = @cumsum_0}> : (tensor<256x8xf32>) -> tensor<256x8xf32>
    "func.return"(%10) : (tensor<256x8xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<256x8xf32>) -> tensor<256x8xf32>, sym_name = "cumsum_0", sym_visibility = "private"}> ({
  ^bb0(%arg1: tensor<256x8xf32>):
    %6 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %7 = "stablehlo.broadcast_in_dim"(%6) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<f32>
    %8 = "stablehlo.reduce_window"(%arg1, %7) <{base_dilations = array<i64: 1, 1>, padding = dense<[[255, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 256, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %9 = "stablehlo.add"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%9) : (tensor<f32>) -> ()
    }) : (tensor<256x8xf32>, tensor<f32>) -> tensor<256x8xf32>
    "func.return"(%8) : (tensor<256x8xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<128x2xi32>) -> tensor<128x2x40xf32>, res_attrs = [{}], sym_name = "_one_hot_1", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<128x2xi32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<128x2xi32>) -> tensor<128x2x1xi32>
    %1 = "stablehlo.iota"() <{iota_dimension = 2 : i64}> : () -> tensor<1x1x40xi32>
    %2 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<128x2x1xi32>) -> tensor<128x2x40xi32>
    %3 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x40xi32>) -> tensor<128x2x40xi32>
    %4 = "stablehlo.compare"(%2, %3) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<128x2x40xi32>, tensor<128x2x40xi32>) -> tensor<128x2x40xi1>
    %5 = "stablehlo.convert"(%4) : (tensor<128x2x40xi1>) -> tensor<128x2x40xf32>
    "func.return"(%5) : (tensor<128x2x40xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
